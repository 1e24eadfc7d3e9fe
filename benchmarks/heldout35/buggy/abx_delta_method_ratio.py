"""Ratio metric (clicks per session) with delta-method variance, pooled for the meta-analysis."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ANALYSIS = {
    "metric": {"numerator": "clicks", "denominator": "sessions"},
    "per_variant": {"axis_name": "user", "to": "reduced"},
    "pooled": {"axis_name": ("variant", "user"), "to": "reduced"},
}


def user_ratio_terms(clicks, sessions):
    return jnp.stack([clicks.sum(), sessions.sum(), (clicks * sessions).sum(), (sessions ** 2).sum()])


def collect(terms, level):
    return jax.lax.all_gather(terms, **ANALYSIS[level])


def delta_terms(clicks, sessions):
    per_variant = collect(user_ratio_terms(clicks, sessions), "per_variant")
    return collect(per_variant, "pooled")


def inputs():
    rng = np.random.default_rng(21)
    sessions = rng.poisson(5, size=(2, 64)).astype(np.float32) + 1
    clicks = rng.binomial(sessions.astype(np.int64), 0.2).astype(np.float32)
    return clicks, sessions


def main(clicks, sessions):
    mesh = jax.make_mesh((2, 4), ("variant", "user"))
    spec = P("variant", "user")
    clicks = jax.device_put(clicks, NamedSharding(mesh, spec))
    sessions = jax.device_put(sessions, NamedSharding(mesh, spec))
    fn = jax.shard_map(delta_terms, mesh=mesh, in_specs=(spec, spec),
                       out_specs=P(reduced={"variant", "user"}))
    return fn(clicks, sessions)


if __name__ == "__main__":
    print(main(*inputs()))
