"""The NiceGUI web site: pages, game boards and translations."""
