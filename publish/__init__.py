"""`bin/publish`: build the phone app (a static site that runs Table Companion in the browser, offline)."""
