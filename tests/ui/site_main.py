"""The site as the page tests run it (configured through the environment by conftest)."""

from ui.app import main

main()
