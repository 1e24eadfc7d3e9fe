"""Global negatives for the sigmoid loss, collected under a communication scope."""
import contextlib
import types

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@contextlib.contextmanager
def comm_scope(batch_axis, embed_axis):
    ops = types.SimpleNamespace(
        batch=batch_axis,
        embed=embed_axis,
        everyone=(batch_axis, embed_axis),
    )
    yield ops


def negatives(img, txt):
    with comm_scope("data", "model") as comm:
        all_txt = jax.lax.all_gather(txt, comm.batch, tiled=True, to="reduced")
        logits = jax.lax.psum(img @ all_txt.T, comm.embed)
        bank = jax.lax.all_gather(all_txt, comm.everyone, tiled=True, to="reduced")
    return logits, bank


def inputs():
    rng = np.random.default_rng(2)
    return (rng.normal(size=(16, 8)).astype(np.float32),
            rng.normal(size=(16, 8)).astype(np.float32))


def main(img, txt):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    img = jax.device_put(img, NamedSharding(mesh, P("data", "model")))
    txt = jax.device_put(txt, NamedSharding(mesh, P("data", "model")))
    fn = jax.shard_map(
        negatives, mesh=mesh,
        in_specs=(P("data", "model"), P("data", "model")),
        out_specs=(P("data", None), P(reduced={"data", "model"})),
    )
    return fn(img, txt)


if __name__ == "__main__":
    logits, bank = main(*inputs())
    print(logits.shape, bank.shape)
