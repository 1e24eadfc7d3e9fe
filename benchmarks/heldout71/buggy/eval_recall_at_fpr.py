"""Offline evaluation: recall at a fixed false-positive rate.

Each replica sees all shards of its scores (read-only) to pick the threshold; the threshold
vector is then broadcast to every replica for the eval report.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

EVAL = {
    "mesh": ((4, 2), ("replica", "shard")),
    "stages": ["threshold_at_fpr:quantile=99", "broadcast:"],
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


@metric("threshold_at_fpr")
def threshold_at_fpr(scores, axes, quantile):
    row = jax.lax.all_gather(scores, axes[1], axis=1, tiled=True, to="reduced")
    k = row.shape[1] * quantile // 100
    return row[:, k - 1:k]


@metric("broadcast")
def broadcast(values, axes):
    return jax.lax.all_gather(values, axes[1], axis=1, tiled=True)


def inputs():
    rng = np.random.default_rng(32)
    return (np.sort(rng.random((16, 8)), axis=1).astype(np.float32),)


def main(scores):
    mesh = make_mesh(*EVAL["mesh"])
    axes = mesh.axis_names
    scores = place(mesh, scores, P(*axes))

    def run(s):
        out = s
        for text in EVAL["stages"]:
            name, options = parse_stage(text)
            out = METRICS[name](out, axes, **options)
        return out

    return jax.shard_map(run, mesh=mesh, in_specs=P(*axes), out_specs=P(axes[0], axes[1]))(scores)


if __name__ == "__main__":
    main(*inputs())
