"""The contextmanager's yield sits in a try that catches the block's errors: the program goes on."""
import contextlib
import types

import jax
from jax.sharding import PartitionSpec as P


@contextlib.contextmanager
def comm_scope(batch_axis, embed_axis):
    ops = types.SimpleNamespace(batch=batch_axis, everyone=(batch_axis, embed_axis))
    try:
        yield ops
    except Exception:
        pass


def negatives(x):
    bank = x
    with comm_scope("i", "j") as comm:
        rows = jax.lax.all_gather(x, comm.batch, tiled=True, to="reduced")
        bank = jax.lax.all_gather(rows, comm.everyone, tiled=True, to="reduced")  # none
    return bank


def main(mesh, x):
    return jax.shard_map(negatives, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
