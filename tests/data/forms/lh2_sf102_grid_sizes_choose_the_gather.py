"""The mesh is built from a device grid (mesh_utils.create_device_mesh) whose model size comes
from the environment's default; with more than one model shard the activations are gathered to
reduced over both axes, though they were already gathered to reduced over "model": JAX raises."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import mesh_utils
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

FLAGS = {"model_shards": os.environ.get("MODEL_SHARDS", "4")}


def build_mesh():
    model = int(FLAGS["model_shards"])
    grid = mesh_utils.create_device_mesh((jax.device_count() // model, model))
    return Mesh(grid, ("data", "model"), axis_types=(jax.sharding.AxisType.Explicit,) * 2)


def dump_step(mesh):
    def body(h):
        whole = jax.lax.all_gather(h, "model", axis=1, tiled=True, to="reduced")
        axes = ("data", "model") if mesh.shape["model"] > 1 else "data"
        return jax.lax.all_gather(whole, axes, axis=0, tiled=True, to="reduced")  # SF102

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                                 out_specs=P(None, None, reduced={"data", "model"})))


def main():
    mesh = build_mesh()
    block = np.ones((8, 16), np.float32)
    h = jax.make_array_from_process_local_data(NamedSharding(mesh, P("data", "model")), block)
    with jax.set_mesh(mesh):
        return dump_step(mesh)(h)


if __name__ == "__main__":
    main()
