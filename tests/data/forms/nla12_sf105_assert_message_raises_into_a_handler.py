"""A self-check's `assert np.allclose(...), MESSAGES[part]` whose message table lacks the part raises
KeyError, not AssertionError, when the check fails (the message is computed then), and the
caller's `except KeyError` takes the one-axis plan (a psum over "j" only): the two-axis plan after
the check is never set."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESSAGES = {"rows": "row sums differ from the reference"}


def self_check(part):
    got = np.ones(8)
    want = np.zeros(8)
    assert np.allclose(got, want), MESSAGES[part]


def reduce_rows(x, mesh, axes):
    x = jax.device_put(x, NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "i")
        return jax.lax.psum(rows, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    try:
        self_check("columns")
        axes = ("i", "j")
    except KeyError:
        axes = "j"
    return reduce_rows(np.ones((8, 8), np.float32), mesh, axes)


if __name__ == "__main__":
    main()
