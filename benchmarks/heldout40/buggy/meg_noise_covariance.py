"""Noise covariance for spatial whitening of MEG sensor data (MNE-style info dict)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

INFO = {
    "sfreq": 1000.0,
    "axes": {"sensors": "chan", "samples": "time"},
    "rank": "full",
}


class Whitener:
    def __init__(self, info):
        self.info = info
        self.samples = info["axes"]["samples"]

    def covariance(self, data):
        local = data @ data.T
        n = jax.lax.psum(data.shape[1], self.samples)
        return jax.lax.psum(local, self.samples) / n

    def shared(self, data):
        cov = self.covariance(data)
        return jax.lax.all_gather(cov, self.samples, axis=0, tiled=True, to="reduced")


def inputs():
    data = np.random.default_rng(30).normal(size=(16, 64)).astype(np.float32)
    return (data,)


def main(data):
    axes = INFO["axes"]
    mesh = jax.make_mesh((2, 4), (axes["sensors"], axes["samples"]))
    spec = P(axes["sensors"], axes["samples"])
    data = jax.device_put(data, NamedSharding(mesh, spec))
    whitener = Whitener(INFO)
    return jax.shard_map(whitener.shared, mesh=mesh, in_specs=spec,
                         out_specs=P(axes["sensors"], reduced={axes["samples"]}))(data)


if __name__ == "__main__":
    main(*inputs())
