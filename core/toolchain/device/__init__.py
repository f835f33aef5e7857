"""What the app shows and holds on the device, through hdc only: the screen
(:mod:`.screen`), the component tree (:mod:`.layout`), the app's files (:mod:`.files`) and its
resources while it runs (:mod:`.stats`). :mod:`.remote` checks every remote path and name before
it reaches ``hdc shell``; :mod:`.call` runs one hdc command with a timeout and bounded output;
:mod:`.evidence` keeps what a run saw (screenshots, layouts, samples) with the run.

Nothing here pushes a binary to the device and nothing runs a shell on this computer. Every
function that runs hdc blocks: call it off the GUI thread.
"""
