"""Card-velocity features for the fraud feature store: transactions per card in the last 24h.

Each card's hourly transaction counts are split over `window` (hour blocks) and cards over
`card`. Features are registered by name and configured by short spec strings, as in the
feature-store job definitions.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

JOB = {
    "mesh": {"shape": (4, 2), "axes": ("card", "window")},
    "features": ["count_24h:reduce=sum", "amount_peak:reduce=max"],
    "publish_axis": "window",
}


# --- sharding utils -------------------------------------------------------------------------

REDUCERS = {"sum": jax.lax.psum, "max": jax.lax.pmax, "min": jax.lax.pmin, "mean": jax.lax.pmean}


def make_mesh(mesh_cfg):
    return jax.make_mesh(mesh_cfg["shape"], mesh_cfg["axes"])


def place(mesh, array, spec):
    return jax.device_put(array, NamedSharding(mesh, spec))


def publish(x, axis):
    """Every device gets the feature of all shards of `axis`, read-only."""
    return jax.lax.all_gather(x, axis, axis=1, tiled=True, to="reduced")


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


@feature("count_24h")
def count_24h(counts, amounts):
    return counts.sum(axis=1, keepdims=True)


@feature("amount_peak")
def amount_peak(counts, amounts):
    return amounts.max(axis=1, keepdims=True)


def compute(counts, amounts, specs, window_axis, publish_axis):
    out = []
    for text in specs:
        name, options = parse_feature_spec(text)
        local = FEATURES[name](counts, amounts)
        value = REDUCERS[options["reduce"]](local, window_axis)
        out.append(publish(value, publish_axis))
    return tuple(out)


def inputs():
    rng = np.random.default_rng(1)
    counts = rng.poisson(0.4, size=(32, 24)).astype(np.float32)
    amounts = rng.gamma(2.0, 30.0, size=(32, 24)).astype(np.float32)
    return counts, amounts


def main(counts, amounts):
    mesh = make_mesh(JOB["mesh"])
    card, window = JOB["mesh"]["axes"]
    counts = place(mesh, counts, P(card, window))
    amounts = place(mesh, amounts, P(card, window))

    def job(c, a):
        return compute(c, a, JOB["features"], window, JOB["publish_axis"])

    out_spec = P(card, None, reduced={JOB["publish_axis"]})
    return jax.shard_map(job, mesh=mesh, in_specs=(P(card, window), P(card, window)),
                         out_specs=(out_spec, out_spec))(counts, amounts)


if __name__ == "__main__":
    main(*inputs())
