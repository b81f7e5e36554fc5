"""The operator's service menu, opened with the SERVICE button (F2) between games.

    door = ServiceDoor(ctx)          # the app: door.offer(event) for each event, door.update() each frame
    ctx.scenes.reset(ServiceMenuScene(ctx))

Pages: game settings, coin and credit settings, bookkeeping, input, screen and
sound tests, the three resets (each confirmed with TEST), notices, save and
exit, exit without saving. Everything works with the joystick and buttons alone.
"""

from cabinet.scenes.service.door import ServiceDoor
from cabinet.scenes.service.menu import ServiceMenuScene
from cabinet.scenes.service.save import apply_settings, save_and_apply

__all__ = ["ServiceDoor", "ServiceMenuScene", "apply_settings", "save_and_apply"]
