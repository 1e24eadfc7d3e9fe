"""A pipeline over the 'stage' axis with a loop over micro-batches; the activation scale used
for fp8 casting is gathered (reduced) and then its maximum taken over the stages."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

STAGE = "stage"
NUM_MICRO = 3


def stage_fn(w, x):
    return jnp.tanh(x @ w)


def pipeline(w, xs):
    outs = []
    for i in range(NUM_MICRO):
        outs.append(stage_fn(w[0], xs[i]))
    acts = jnp.stack(outs)
    amax = jnp.max(jnp.abs(acts), axis=(0, 1, 2))[None]
    amax_all = jax.lax.all_gather(amax, STAGE, tiled=True, to="reduced")
    scale = jax.lax.pmax(amax_all, STAGE)
    return acts, scale


def inputs():
    w = np.stack([np.eye(4, dtype=np.float32) * (i + 1) for i in range(4)])
    xs = np.arange(NUM_MICRO * 4 * 4 * 4, dtype=np.float32).reshape(NUM_MICRO, 16, 4) / 200.0
    return w, xs


def main(w, xs):
    mesh = jax.make_mesh((4, 2), (STAGE, "data"))
    w = jax.device_put(w, NamedSharding(mesh, P(STAGE)))
    xs = jax.device_put(xs, NamedSharding(mesh, P(None, "data")))
    f = jax.shard_map(pipeline, mesh=mesh, in_specs=(P(STAGE), P(None, "data")),
                      out_specs=(P(STAGE, "data"), P("data")))
    return f(w, xs)


if __name__ == "__main__":
    print(main(*inputs()))
