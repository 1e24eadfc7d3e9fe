"""Offline evaluation: expected calibration error of the fraud scores.

Confidences of the whole eval batch are gathered (replicated) over the replicas; each is assigned
to one of the configured bins.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

EVAL = {
    "mesh": ((4, 2), ("replica", "shard")),
    "stages": ["ece:bins=10"],
}


# --- sharding utils -------------------------------------------------------------------------

def make_mesh(shape, names):
    return jax.make_mesh(shape, names)


def place(mesh, array, spec):
    return jax.device_put(array, NamedSharding(mesh, spec))


# --- metrics --------------------------------------------------------------------------------

METRICS = {}


def metric(name):
    def register(fn):
        METRICS[name] = fn
        return fn
    return register


def parse_stage(text):
    """'auc:bins=16,reduce=sum' -> ('auc', {'bins': 16, 'reduce': 'sum'})"""
    name, _, rest = text.partition(":")
    options = {}
    for item in filter(None, rest.split(",")):
        key, _, value = item.partition("=")
        options[key] = int(value) if value.isdigit() else value
    return name, options


class ExpectedCalibrationError:
    def __init__(self, axes, bins):
        self.replica_axis, self.shard_axis = axes
        self.bins = bins

    def bin_index(self, conf):
        return jnp.floor(conf * self.bins).astype(jnp.int32)

    def __call__(self, conf, labels):
        everyone = jax.lax.all_gather(conf, self.replica_axis, axis=0, tiled=True, to="invarying")
        idx = self.bin_index(everyone)
        return jax.nn.one_hot(idx, self.bins + 1).sum(axis=(0, 1))


METRICS["ece"] = ExpectedCalibrationError


def inputs():
    rng = np.random.default_rng(35)
    labels = (rng.random((32, 8)) < 0.1).astype(np.float32)
    conf = rng.random((32, 8)).astype(np.float32)
    return conf, labels


def main(conf, labels):
    mesh = make_mesh(*EVAL["mesh"])
    axes = mesh.axis_names
    conf = place(mesh, conf, P(*axes))
    labels = place(mesh, labels, P(*axes))
    name, options = parse_stage(EVAL["stages"][0])
    stage = METRICS[name](axes, **options)
    return jax.shard_map(stage, mesh=mesh, in_specs=(P(*axes), P(*axes)), out_specs=P(axes[1]))(conf, labels)


if __name__ == "__main__":
    main(*inputs())
