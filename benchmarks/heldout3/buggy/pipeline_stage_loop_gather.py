"""A pipeline-parallel loop: microbatches move stage to stage with ppermute."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

STAGES = 4


def stage_fn(w, h):
    return jnp.tanh(h @ w)


def pipeline(ws, xs, stage_axis="stage"):
    w = ws[0]
    shift = [(i, i + 1) for i in range(STAGES - 1)]
    h = jnp.zeros_like(xs[0])
    outs = []
    for t in range(STAGES):
        h = stage_fn(w, h + xs[t % xs.shape[0]])
        outs.append(h)
        h = lax.ppermute(h, stage_axis, shift)
    last = lax.all_gather(outs[-1], stage_axis, tiled=True, to="reduced")
    return lax.all_gather(last, stage_axis, axis=0, tiled=False, to="invarying")


def inputs():
    return np.ones((4, 4, 4), np.float32) / 4, np.ones((4, 2, 4), np.float32)


def main(ws, xs):
    mesh = jax.make_mesh((STAGES, 2), ("stage", "data"))
    ws = jax.device_put(ws, NamedSharding(mesh, P("stage")))
    xs = jax.device_put(xs, NamedSharding(mesh, P(None, "data")))
    f = jax.shard_map(pipeline, mesh=mesh, in_specs=(P("stage"), P(None, "data")),
                      out_specs=P(None, "data"))
    return f(ws, xs)


if __name__ == "__main__":
    print(main(*inputs()))
