"""cabinet.db-waiting: what it keeps is read back once, in order, and nothing stale comes back."""

from cabinet.storage.waiting import WaitingFile, already_applied


def batch(n):
    return [
        ("INSERT INTO counters (name, value) VALUES (?, ?)", (f"c{n}", n)),
        ("SELECT ?", (b"\x00\xffblob",)),
    ]


def opened(path, size=64 * 1024):
    waiting = WaitingFile(path, size)
    assert waiting.claim()
    waiting.read()
    assert waiting.prepare()
    return waiting


def test_kept_batches_come_back_in_order_with_their_blobs_and_stamps(private_state):
    path = private_state / "cabinet.db-waiting"
    waiting = opened(path)
    for n in range(3):
        assert waiting.keep(batch(n))[-1][1] == ("storage.waiting", f"0:{n + 1}")
    waiting.release()
    again = WaitingFile(path, 64 * 1024)
    assert again.claim()
    records = again.read()
    assert [index for index, _ in records] == [1, 2, 3]
    assert records[2][1][:2] == batch(2) and again.ready
    assert (
        already_applied("0:2", again.generation) == 2
        and already_applied("7:2", again.generation) == 0
    )


def test_after_a_clear_the_old_records_never_check_out_again(private_state):
    path = private_state / "cabinet.db-waiting"
    waiting = opened(path)
    for n in range(5):
        waiting.keep(batch(n))
    assert waiting.clear()
    waiting.keep(batch(9))  # shorter than what lay there: old records follow it
    waiting.release()
    again = WaitingFile(path, 64 * 1024)
    again.claim()
    assert [index for index, _ in again.read()] == [1] and again.generation == 1


def test_a_record_cut_by_a_power_cut_ends_the_read(private_state):
    path = private_state / "cabinet.db-waiting"
    waiting = opened(path)
    waiting.keep(batch(1))
    waiting.keep(batch(2))
    end = waiting._end
    waiting.release()
    data = bytearray(path.read_bytes())
    data[end - 5 : end] = b"\x00" * 5  # the second record's last bytes never reached the disk
    path.write_bytes(bytes(data))
    again = WaitingFile(path, 64 * 1024)
    again.claim()
    assert [index for index, _ in again.read()] == [1]


def test_a_full_waiting_file_keeps_nothing_after_the_first_refusal(private_state):
    waiting = opened(private_state / "cabinet.db-waiting", size=400)
    assert waiting.keep(batch(1)) is not None
    assert waiting.keep([("SELECT ?", ("x" * 500,))]) is None
    assert waiting.keep(batch(2)) is None  # would fit, but what is kept must stay in order


def test_a_second_program_cannot_claim_it(private_state):
    path = private_state / "cabinet.db-waiting"
    first = opened(path)
    second = WaitingFile(path)
    assert not second.claim() and second.read() == [] and second.keep(batch(1)) is None
    first.release()
    assert second.claim()
