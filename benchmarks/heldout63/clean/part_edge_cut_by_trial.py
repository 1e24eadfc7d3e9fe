"""Quality report for a batch of k-way partitions (one per random trial): edge cut and cut fraction."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

METRICS = {}


def metric(name):
    def register(fn):
        METRICS[name] = fn
        return fn
    return register


@metric("edge_cut")
def edge_cut(src, dst, w, axis):
    local = jnp.sum(w * (src != dst), axis=0, keepdims=True)
    return jax.lax.psum(local, axis)


@metric("total_weight")
def total_weight(src, dst, w, axis):
    return jax.lax.psum(jnp.sum(w, axis=0, keepdims=True), axis)


class PartitionReport:
    vertex_axis = "vtx"
    trial_axis = "trial"

    def __init__(self, names=("edge_cut", "total_weight")):
        self.names = names

    def publish(self, value):
        return jax.lax.all_gather(value, self.trial_axis, axis=1, tiled=True, to="reduced")

    def __call__(self, src, dst, w):
        return {name: self.publish(METRICS[name](src, dst, w, self.vertex_axis)) for name in self.names}


def inputs():
    rng = np.random.default_rng(20)
    src = rng.integers(0, 4, (32, 4)).astype(np.int32)
    dst = rng.integers(0, 4, (32, 4)).astype(np.int32)
    w = rng.random((32, 4)).astype(np.float32)
    return src, dst, w


def main(src, dst, w):
    report = PartitionReport()
    mesh = jax.make_mesh((4, 2), (report.vertex_axis, report.trial_axis))
    spec = P(report.vertex_axis, report.trial_axis)
    src, dst, w = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (src, dst, w))
    out = {name: P(None, None, reduced={report.trial_axis}) for name in report.names}
    return jax.shard_map(report, mesh=mesh, in_specs=(spec, spec, spec), out_specs=out)(src, dst, w)


if __name__ == "__main__":
    main(*inputs())
