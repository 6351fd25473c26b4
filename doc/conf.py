# Sphinx configuration of the model chapter: doc/gprs.rst (with the .rst.inc files it includes)
# to HTML, as ns-3's model library builds its chapters; the CTest test doc-html builds it with
# warnings as errors:  sphinx-build -W -b html doc build/doc-html
project = "ns3-gprs"
root_doc = master_doc = "gprs"  # master_doc: Sphinx before 4.0
exclude_patterns = ["_build"]
