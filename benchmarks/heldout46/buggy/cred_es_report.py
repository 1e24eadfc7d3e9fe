"""Expected-shortfall report: the simulated loss cube is gathered per sector for the risk pack."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = {
    "mesh": {"shape": (2, 4), "axes": ("sector", "sim")},
    "layouts": {
        "simulation": P("sector", "sim"),
        "report": P("sector", None, reduced={"sim"}),
    },
    "alpha": 0.9,
}


def build_mesh(config):
    return jax.make_mesh(config["mesh"]["shape"], config["mesh"]["axes"])


def simulate_losses(mesh, shocks, config):
    spec = config["layouts"]["simulation"]
    losses = jnp.maximum(jnp.asarray(shocks), 0.0) * 10.0
    return jax.device_put(losses, NamedSharding(mesh, spec))


def risk_pack(losses, config):
    per_sector = top_level_all_gather(losses, config["layouts"]["report"])
    return per_sector


def expected_shortfall(per_sector, alpha):
    ordered = jnp.sort(per_sector, axis=1)
    tail = ordered[:, int(alpha * ordered.shape[1]):]
    return tail.mean(axis=1)


def inputs():
    rng = np.random.default_rng(13)
    return (rng.standard_normal((4, 64)).astype(np.float32),)


def main(shocks):
    mesh = build_mesh(CONFIG)
    losses = simulate_losses(mesh, shocks, CONFIG)
    gathered = risk_pack(losses, CONFIG)
    return expected_shortfall(jax.reshard(gathered, P("sector", None)), CONFIG["alpha"])


if __name__ == "__main__":
    main(*inputs())
