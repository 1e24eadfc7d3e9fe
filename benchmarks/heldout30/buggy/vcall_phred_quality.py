"""Phred-scaled call quality from the pooled per-sample error probabilities."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CALLER_DEFAULTS = {"axes": {"site": "sites", "sample": "samples"}, "max_qual": 99.0}


def site_error(p_err, axes):
    return jax.lax.all_gather(p_err.mean(axis=1), axes["sample"], to="reduced")


def phred(p_err, settings=CALLER_DEFAULTS):
    axes = settings["axes"]
    pooled = site_error(p_err, axes)
    qual = -10.0 * jnp.log10(pooled)
    return jax.lax.pmin(jnp.min(qual), (axes["site"], axes["sample"]))


def inputs():
    rng = np.random.default_rng(53)
    return (rng.uniform(1e-4, 0.2, (8, 16)).astype(np.float32),)


def main(p_err):
    mesh = jax.make_mesh((2, 4), ("sites", "samples"))
    p_err = jax.device_put(p_err, NamedSharding(mesh, P("sites", "samples")))
    fn = jax.shard_map(phred, mesh=mesh, in_specs=P("sites", "samples"), out_specs=P())
    return fn(p_err)


if __name__ == "__main__":
    print(main(*inputs()))
