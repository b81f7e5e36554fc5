"""The optional fleet link over MQTT (issue 15): scores and audits to a broker, network rankings back.

:mod:`~cabinet.network.topics` has the topic tree, :mod:`~cabinet.network.start` the
cabinet's start of the link, :mod:`~cabinet.network.link` its thread,
:mod:`~cabinet.network.merge` the order-independent merge, :mod:`~cabinet.network.fleet`
the operator's ``python -m cabinet fleet``. This package file imports nothing: import
each module by its path.
"""
