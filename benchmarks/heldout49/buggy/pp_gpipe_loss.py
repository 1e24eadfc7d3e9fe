"""GPipe-style schedule: microbatches flow through the stages; the last stage owns the loss."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NUM_STAGES = 4
NUM_MICRO = 4


def stage_fn(w, h):
    return jnp.tanh(h @ w)


def shift_right(h, axis):
    perm = [(i, (i + 1) % NUM_STAGES) for i in range(NUM_STAGES)]
    return jax.lax.ppermute(h, axis, perm)


def gpipe_loss(w, micro, targets, *, stage_axis, data_axis):
    stage = jax.lax.axis_index(stage_axis)
    w = w[0]
    h = jnp.zeros_like(micro[0])
    losses = []
    for t in range(NUM_MICRO + NUM_STAGES - 1):
        feed = micro[min(t, NUM_MICRO - 1)]
        h = jnp.where(stage == 0, feed, h)
        h = stage_fn(w, h)
        done = t - (NUM_STAGES - 1)
        if done >= 0:
            err = ((h - targets[done]) ** 2).mean()
            losses.append(jnp.where(stage == NUM_STAGES - 1, err, 0.0))
        h = shift_right(h, stage_axis)
    loss = jax.lax.psum(jnp.stack(losses).mean(), stage_axis)
    return jax.lax.all_gather(loss[None], stage_axis, axis=0, tiled=True, to="reduced")


def inputs():
    mesh = jax.make_mesh((4, 2), ("stage", "dp"))
    rng = np.random.default_rng(20)
    put = lambda a, s: jax.device_put(a.astype(np.float32), NamedSharding(mesh, s))
    w = put(rng.normal(size=(NUM_STAGES, 8, 8)) * 0.3, P("stage", None, None))
    micro = put(rng.normal(size=(NUM_MICRO, 4, 8)), P(None, "dp", None))
    targets = put(rng.normal(size=(NUM_MICRO, 4, 8)), P(None, "dp", None))
    return mesh, w, micro, targets


def main(mesh, w, micro, targets):
    body = functools.partial(gpipe_loss, stage_axis="stage", data_axis="dp")
    f = jax.shard_map(body, mesh=mesh,
                      in_specs=(P("stage", None, None), P(None, "dp", None), P(None, "dp", None)),
                      out_specs=P("dp", reduced={"stage"}))
    return f(w, micro, targets)


if __name__ == "__main__":
    main(*inputs())
