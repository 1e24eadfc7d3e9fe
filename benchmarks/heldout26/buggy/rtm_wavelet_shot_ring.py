"""Source-wavelet estimation: each shot's wavelet compared with the neighbouring shot's."""
import functools
from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_SHOT_GROUPS = 2


class ShotOps(NamedTuple):
    gather: Callable
    next_shot: Callable


OPS = ShotOps(
    gather=functools.partial(jax.lax.all_gather, axis_name="shot", axis=0, tiled=True, to="reduced"),
    next_shot=functools.partial(jax.lax.ppermute, axis_name="shot",
                                perm=[(i, (i + 1) % N_SHOT_GROUPS) for i in range(N_SHOT_GROUPS)]),
)


def wavelet_coherence(traces, ops=OPS):
    stacked = traces.mean(axis=-1)
    wavelets = ops.gather(stacked)
    neighbour = ops.next_shot(wavelets)
    return jnp.stack([stacked, neighbour[: stacked.shape[0]]])


def inputs():
    rng = np.random.default_rng(2613)
    return (rng.standard_normal((8, 32)).astype(np.float32),)


def main(traces):
    mesh = jax.make_mesh((N_SHOT_GROUPS, 4), ("shot", "x"))
    traces = jax.device_put(traces, NamedSharding(mesh, P("shot", "x")))
    fn = jax.shard_map(wavelet_coherence, mesh=mesh, in_specs=P("shot", "x"),
                       out_specs=P(None, ("shot", "x")))
    return fn(traces)


if __name__ == "__main__":
    print(main(*inputs()))
