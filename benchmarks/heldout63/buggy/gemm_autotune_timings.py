"""Autotuning sweep: modelled kernel times per candidate configuration, slowest worker averaged over the grid."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class Candidate:
    block_m: int
    block_k: int
    num_warps: int


CANDIDATES = [Candidate(16, 32, 4), Candidate(32, 32, 4), Candidate(32, 64, 8)]


class Autotuner:
    grid_axes = ("m", "k")

    def __init__(self, candidates, peak_flops=1.0e3):
        self.candidates = candidates
        self.peak_flops = peak_flops

    def modelled_time(self, a, cand):
        flops = 2.0 * jnp.sum(jnp.abs(a)) * cand.block_k / cand.block_m
        return flops / (self.peak_flops * cand.num_warps)

    def sweep(self, a):
        times = []
        for cand in self.candidates:
            slowest = jax.lax.pmax(self.modelled_time(a, cand), self.grid_axes[0])
            times.append(jax.lax.pmean(slowest, self.grid_axes))
        return jnp.stack(times)


def inputs():
    rng = np.random.default_rng(54)
    return (rng.standard_normal((16, 32)).astype(np.float32),)


def main(a):
    mesh = jax.make_mesh((2, 4), Autotuner.grid_axes)
    a = jax.device_put(a, NamedSharding(mesh, P(*Autotuner.grid_axes)))
    tuner = Autotuner(CANDIDATES)
    times = jax.shard_map(tuner.sweep, mesh=mesh, in_specs=P(*Autotuner.grid_axes), out_specs=P())(a)
    return CANDIDATES[int(jnp.argmin(times))]


if __name__ == "__main__":
    main(*inputs())
