"""Energy histograms of Potts replicas for multi-histogram reweighting."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

Q = 3
N_REPLICAS = 4
N_SITES = 32

HIST = {"bins": 8, "e_min": -1.0, "e_max": 0.0, "axes": ["replica", "site"]}


class Histogram:
    def __init__(self, spec, replica_axis):
        self.spec = spec
        self.replica_axis = replica_axis
        self.edges = np.linspace(spec["e_min"], spec["e_max"], spec["bins"] + 1)

    def bin_index(self, e):
        width = (self.spec["e_max"] - self.spec["e_min"]) / self.spec["bins"]
        idx = jnp.floor((e - self.spec["e_min"]) / width).astype(jnp.int32)
        return jnp.clip(idx, 0, self.spec["bins"] - 1)

    def accumulate(self, e):
        counts = jax.nn.one_hot(self.bin_index(e), self.spec["bins"]).sum(axis=(0, 1))
        return jax.lax.psum(counts, self.replica_axis)

    def total(self, counts):
        return jax.lax.psum(counts, tuple(self.spec["axes"]))


def site_energy(states):
    return -(states == jnp.roll(states, -1, axis=1)).astype(jnp.float32)


def body(states):
    hist = Histogram(HIST, HIST["axes"][0])
    return hist.total(hist.accumulate(site_energy(states)))


def inputs():
    rng = np.random.default_rng(13)
    return (rng.integers(0, Q, size=(N_REPLICAS, N_SITES)).astype(np.int32),)


def main(states):
    mesh = jax.make_mesh((2, 4), tuple(HIST["axes"]))
    spec = P(*HIST["axes"])
    states = jax.device_put(states, NamedSharding(mesh, spec))
    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(states)


if __name__ == "__main__":
    main(*inputs())
