"""Posterior draws of a hierarchical model collected per site, then gathered for a summary."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

N_CHAINS, N_DRAWS = 8, 16
SITES = ("mu", "log_tau")
DRAW_SPECS = {
    "mu": P("chain", None),
    "log_tau": P(("chain", "data"), None),
}
SUMMARY_SPECS = {
    "mu": P(None, None, reduced={"chain"}),
    "log_tau": P("chain", None, reduced={"data"}),
}


def collect_draws(mesh, raw):
    draws = {}
    for site in SITES:
        draws[site] = jax.device_put(raw[site], NamedSharding(mesh, DRAW_SPECS[site]))
    return draws


def summarise(draws):
    summary = {}
    for site, values in draws.items():
        summary[site] = top_level_all_gather(values, SUMMARY_SPECS[site])
    return summary


def inputs():
    rng = np.random.default_rng(33)
    return ({"mu": rng.normal(0.5, 0.1, (N_CHAINS, N_DRAWS)).astype(np.float32),
             "log_tau": rng.normal(-1.0, 0.2, (N_CHAINS, N_DRAWS)).astype(np.float32)},)


def main(raw):
    mesh = jax.make_mesh((4, 2), ("chain", "data"))
    with jax.set_mesh(mesh):
        draws = collect_draws(mesh, raw)
        summary = summarise(draws)
    return summary


if __name__ == "__main__":
    main(*inputs())
