"""The operator's service menu, opened with the SERVICE button (F2) between games.

    door = ServiceDoor(ctx)          # the app: door.offer(event) for each event, door.update() each frame
    ctx.scenes.reset(ServiceMenuScene(ctx))

Pages: game settings, coin and credit settings, bookkeeping, input, screen and
sound tests, the three resets (each confirmed with TEST), notices, save and
exit, exit without saving. Everything works with the joystick and buttons alone.
:class:`~cabinet.scenes.service.door.ServiceDoor` opens the menu,
:class:`~cabinet.scenes.service.menu.ServiceMenuScene` is its first page. This
package file imports nothing, so one page loads only what it uses.
"""
