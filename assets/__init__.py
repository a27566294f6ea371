"""Files the program loads at run time (fonts); a package only so that installs carry them."""
