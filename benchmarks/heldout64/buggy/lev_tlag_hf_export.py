"""Levanter-like HF checkpoint export: parameters initialised sharded, unsharded inside the mesh."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


@dataclasses.dataclass(frozen=True)
class TrainerConfig:
    mesh_shape: tuple = (2, 4)
    mesh_axes: tuple = ("data", "model")
    parameter_axis_resources: dict = dataclasses.field(
        default_factory=lambda: {"embed": "data", "mlp": "model"})


def make_init(mesh, resources):
    shardings = {
        "up_proj": NamedSharding(mesh, P(resources["embed"], resources["mlp"])),
        "down_proj": NamedSharding(mesh, P(resources["mlp"], resources["embed"])),
    }

    @functools.partial(jax.jit, out_shardings=shardings)
    def init(seed_up, seed_down):
        return {"up_proj": jnp.tanh(seed_up), "down_proj": jnp.tanh(seed_down)}
    return init


def save_hf_checkpoint(params, mesh, resources):
    host = {}
    with mesh:
        for name, arr in params.items():
            full = top_level_all_gather(arr, P(None, None, reduced=set(resources.values())), multi_dim=True)
            host[name] = np.asarray(full)
    return host


def inputs():
    rng = np.random.default_rng(21)
    return (TrainerConfig(), rng.standard_normal((8, 16)).astype(np.float32),
            rng.standard_normal((16, 8)).astype(np.float32))


def main(config, seed_up, seed_down):
    mesh = jax.make_mesh(config.mesh_shape, config.mesh_axes)
    params = make_init(mesh, config.parameter_axis_resources)(seed_up, seed_down)
    return save_hf_checkpoint(params, mesh, config.parameter_axis_resources)


if __name__ == "__main__":
    main(*inputs())
