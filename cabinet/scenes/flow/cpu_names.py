"""What the screens call each CPU level: its name and a line about how it plays.

The level select and the CPU ladder's screens both show them, through ``tr``.
"""

from cabinet.language import N_

CPU_NAMES = {1: N_("ROOKIE"), 2: N_("EASY"), 3: N_("NORMAL"), 4: N_("HARD"), 5: N_("MASTER")}
CPU_DETAILS = {
    1: N_("SLOW HANDS, MANY MISTAKES"),
    2: N_("STEADY, STILL SLIPS NOW AND THEN"),
    3: N_("QUICK AND CAREFUL"),
    4: N_("FAST, LOOKS AHEAD"),
    5: N_("THE STRONGEST THE CABINET CAN PLAY"),
}
