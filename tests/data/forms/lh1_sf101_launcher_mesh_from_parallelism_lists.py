"""A multi-host launcher run on one host: the mesh shape is the dcn and ici parallelism lists
multiplied out (the data size from the device count), the devices laid out by
mesh_utils.create_device_mesh, the batch made from this process's rows. The logged loss is
averaged over both axes, so it no longer varies over "data": gathering it to reduced raises."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import mesh_utils
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


def parallelism():
    slices = int(os.environ.get("NUM_SLICES", "1"))
    model = int(os.environ.get("ICI_MODEL", "2"))
    dcn = [slices, 1]
    ici = [jax.device_count() // (slices * model), model]
    return dcn, ici


def launcher_mesh():
    dcn, ici = parallelism()
    shape = [a * b for a, b in zip(dcn, ici)]
    grid = mesh_utils.create_device_mesh(shape)
    return Mesh(grid, ("data", "model"), axis_types=(jax.sharding.AxisType.Explicit,) * 2)


def train_step(mesh):
    def body(x, w):
        local = jnp.sum(jnp.tanh(x @ w) ** 2)
        loss = jax.lax.pmean(local, ("data", "model"))
        return jax.lax.all_gather(loss, "data", to="reduced")  # SF101

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(P("data", None), P(None, "model")),
                                 out_specs=P(None, reduced={"data"})))


def main():
    mesh = launcher_mesh()
    rows = np.random.default_rng(jax.process_index()).standard_normal((16, 8)).astype(np.float32)
    x = jax.make_array_from_process_local_data(NamedSharding(mesh, P("data", None)), rows)
    w = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P(None, "model")))
    with jax.set_mesh(mesh):
        return train_step(mesh)(x, w)


if __name__ == "__main__":
    main()
