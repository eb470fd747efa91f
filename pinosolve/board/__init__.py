"""``pinosolve board``: an analysis board in the browser, over the command line's answers.

``server`` serves the page (``static/``) and the JSON API; ``workers`` answers each request
with the command line itself (``pinosolve COMMAND --input -``); ``records`` turns a pasted
record or deal into what the page draws.
"""
