"""The frozen reference model is offloaded between PPO phases; its embedding is re-laid out on reload."""
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

PHASE_SPECS = {
    "offload": P(("fsdp", "tensor"), None),
    "reload": P("tensor", None, reduced={"fsdp"}),
}


def place_all(params, mesh, phase):
    return {k: jax.device_put(v, NamedSharding(mesh, PHASE_SPECS[phase])) for k, v in params.items()}


def reload(params, phase="reload"):
    return {k: top_level_all_gather(v, PHASE_SPECS[phase]) for k, v in params.items()}


def inputs():
    mesh = jax.make_mesh((2, 4), ("fsdp", "tensor"))
    return mesh, {"embed": jnp.ones((16, 4))}


def main(mesh, params):
    with jax.set_mesh(mesh):
        offloaded = place_all(params, mesh, "offload")
        return reload(offloaded)


if __name__ == "__main__":
    main(*inputs())
