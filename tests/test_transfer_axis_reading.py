"""An int axis the transfer-table generator did not try (its arrays are 2-D, so `axis=2` of a 3-D
array) reads the outcome every tried int axis (0, 1, -1) gave alike, and nothing when they differ."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from codemods.transfer import table as transfer

ROOT = Path(__file__).resolve().parent.parent
REPLICATED = "Inputs cannot be replicated on the same axes that another input is reduced on"


def test_an_untried_int_axis_reads_what_every_tried_axis_gave():
    table = transfer.load((0, 10, 2))
    mean = table.function("jax.numpy.mean")
    assert transfer.raises(mean, "reduced|axis=2", REPLICATED)
    assert transfer.raises(mean, "reduced|axis=3", REPLICATED)
    assert transfer.keeps_reduced(table.method("sum"), "reduced|axis=2")
    assert transfer.raises(table.function("jax.nn.softmax"), "reduced|axis=-2", REPLICATED)


def test_tried_axes_that_disagree_leave_an_untried_axis_unknown():
    outcomes = ({"state": "reduced"}, {"error": "ShardingTypeError", "message": REPLICATED})
    split = transfer.Operation("split", ("A",), {"reduced|axis=0": 0, "reduced|axis=1": 1, "reduced|axis=-1": 1},
                               outcomes=outcomes)
    assert split.outcome("reduced|axis=2") is None
    # two tried axes are not enough to read a third
    partial = transfer.Operation("partial", ("A",), {"reduced|axis=0": 1, "reduced|axis=1": 1}, outcomes=outcomes)
    assert partial.outcome("reduced|axis=2") is None


def test_only_a_plain_int_axis_is_read_from_the_tried_ones():
    mean = transfer.load((0, 10, 2)).function("jax.numpy.mean")
    # Run on jax 0.10.2: jnp.mean(r, axis=(0, 2)) of a 3-D r reduced on 'j' raises the same error as
    # every tried dimension (transfer.Operation._any_array_axis reads it); a state is never read so.
    assert mean.outcome("reduced|axis=(0, 2)").message.startswith(REPLICATED)
    assert transfer.state_after(mean, "reduced|axis=(0, 2)") is None
    assert mean.outcome("reduced|axis=2|dtype=int8") is None  # that keyword was never tried
    assert mean.outcome("reduced|axis=2|keepdims=True") is None  # tried with axis 0 and -1 only
    assert mean.outcome("reduced|axis=0").error == "ShardingTypeError"


_CHECK = r'''
import importlib, json, sys
import jax, jax.numpy as jnp, numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from codemods.transfer import table as transfer
from codemods.transfer.runner import state_of

table = transfer.load(tuple(int(p) for p in jax.__version__.split(".")[:3]))
mesh = jax.make_mesh((2, 2, 2), ("i", "j", "k"))
xs = jax.device_put(np.ones((8, 4, 4), np.float32), NamedSharding(mesh, P("i")))
report = []
for name in json.loads(sys.argv[1]):
    operation = table.operation(name)
    if name.startswith("method:"):
        fn = lambda r, _m=name[7:], **kw: getattr(r, _m)(**kw)
    else:
        module, _, attr = name.rpartition(".")
        fn = getattr(importlib.import_module(module), attr)
    for keepdims in (False, True):
        key = "reduced|axis=2" + ("|keepdims=True" if keepdims else "")
        expected = operation.outcome(key)
        if expected is None or (expected.state is None and expected.error is None):
            continue
        kw = {"axis": 2, **({"keepdims": True} if keepdims else {})}
        seen = []

        def body(x):
            result = fn(jax.lax.all_gather(x, "i", tiled=True, to="reduced"), **kw)
            seen.append([state_of(leaf, "i") for leaf in jax.tree.leaves(result)])
            return result

        specs = P(reduced={"i"}) if expected.state == "reduced" or expected.error else P()
        try:
            jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=specs)).lower(xs).compile()
            got = ["state", seen[0]]
        except Exception as exc:
            got = ["error", type(exc).__name__, str(exc)] if not seen or expected.error else ["state", seen[0]]
        report.append([name, key, [expected.state, expected.error, expected.message], got])
print(json.dumps(report))
'''

SAMPLE = ("jax.numpy.mean", "jax.numpy.sum", "jax.numpy.var", "jax.numpy.std", "jax.numpy.max", "jax.numpy.argmax",
          "jax.numpy.cumsum", "jax.nn.softmax", "jax.nn.log_softmax", "jax.nn.logsumexp", "jax.nn.standardize",
          "jax.nn.glu", "jax.scipy.special.logsumexp", "method:mean", "method:sum", "method:var", "method:prod")


@pytest.mark.slow
def test_the_reading_agrees_with_jax_on_three_dimensional_arrays():
    pytest.importorskip("jax")
    env = dict(os.environ, PYTHONPATH=str(ROOT), JAX_PLATFORMS="cpu",
               XLA_FLAGS="--xla_force_host_platform_device_count=8")
    done = subprocess.run([sys.executable, "-c", _CHECK, json.dumps(SAMPLE)], env=env, capture_output=True,
                          text=True, timeout=600, check=True)
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert len(report) >= len(SAMPLE)
    for name, key, (state, error, message), got in report:
        if error is not None:
            assert got[0] == "error" and got[1] == error and got[2].startswith(message.split(" Got ")[0]), (name, key, got)
        else:
            assert got == ["state", [state] * len(got[1])] and got[1], (name, key, got)
