"""Per-run summary of the velocity features for the pipeline dashboard: the fleet mean of each
feature. Features are registered by name; the summary loops over what the job computed."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

JOB = {
    "mesh": {"shape": (4, 2), "axes": ("card", "window")},
    "features": ["txn_count:", "peak_hour_rate:"],
}


# --- sharding utils -------------------------------------------------------------------------

def make_mesh(mesh_cfg):
    return jax.make_mesh(mesh_cfg["shape"], mesh_cfg["axes"])


def place(mesh, array, spec):
    return jax.device_put(array, NamedSharding(mesh, spec))


# --- features -------------------------------------------------------------------------------

FEATURES = {}


def feature(name):
    def register(fn):
        FEATURES[name] = fn
        return fn
    return register


def parse_feature_spec(text):
    """'count_24h:reduce=sum,window=24' -> ('count_24h', {'reduce': 'sum', 'window': '24'})"""
    name, _, rest = text.partition(":")
    options = dict(item.split("=", 1) for item in rest.split(",") if item)
    return name, options


@feature("txn_count")
def txn_count(counts, axes):
    return counts.sum(axis=1)


@feature("peak_hour_rate")
def peak_hour_rate(counts, axes):
    return jax.lax.pmax(counts.max(axis=1), axes[1])


def summarise(values, axes):
    return {name: jax.lax.pmean(v.mean(), axes) for name, v in values.items()}


def inputs():
    rng = np.random.default_rng(8)
    return (rng.poisson(0.7, size=(32, 24)).astype(np.float32),)


def main(counts):
    mesh = make_mesh(JOB["mesh"])
    axes = JOB["mesh"]["axes"]
    counts = place(mesh, counts, P(*axes))

    def job(c):
        values = {}
        for text in JOB["features"]:
            name, _ = parse_feature_spec(text)
            values[name] = FEATURES[name](c, axes)
        return summarise(values, axes)

    return jax.shard_map(job, mesh=mesh, in_specs=P(*axes), out_specs=P())(counts)


if __name__ == "__main__":
    main(*inputs())
