"""Gaussian NLL of the ensemble, reported per member and over the whole ensemble."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

METRICS = {
    "nll_member": {"reduce": jax.lax.pmean, "over": ["batch"]},
    "nll_ensemble": {"reduce": jax.lax.pmean, "over": ["member", "batch"]},
}


def gaussian_nll(mu, logvar, target):
    return 0.5 * (logvar + (target - mu) ** 2 * jnp.exp(-logvar)).mean(keepdims=True).reshape(1)


def report(mu, logvar, target):
    nll = gaussian_nll(mu, logvar, target)
    out = {}
    for name, spec in METRICS.items():
        nll = spec["reduce"](nll, tuple(spec["over"]))
        out[name] = nll
    return out


def inputs():
    rng = np.random.default_rng(16)
    mu = rng.normal(size=(64, 8)).astype(np.float32)
    return (mu, np.zeros((64, 8), np.float32), mu + 0.1)


def main(mu, logvar, target):
    mesh = jax.make_mesh((2, 4), ("member", "batch"))
    spec = P("batch", "member")
    mu, logvar, target = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (mu, logvar, target))
    return jax.shard_map(report, mesh=mesh, in_specs=(spec, spec, spec),
                         out_specs={"nll_member": P("member"), "nll_ensemble": P()})(mu, logvar, target)


if __name__ == "__main__":
    main(*inputs())
