"""A launcher run by hand on one host: `jax.process_count()` is 1 and `jax.process_index()` 0, so
the batch is placed by `device_put`, the loss is gathered over the data axis of one host, and
process 0 writes the step's log. The loss is already summed over "data": the gather raises."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def place(mesh, rows, spec):
    if jax.process_count() == 1:
        return jax.device_put(rows, NamedSharding(mesh, spec))
    return jax.make_array_from_process_local_data(NamedSharding(mesh, spec), rows)


def step(mesh, gather_axis):
    def body(x):
        loss = jax.lax.psum(jnp.sum(x * x), "data")
        return jax.lax.all_gather(loss, gather_axis, to="reduced")  # SF101

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                                 out_specs=P(None, reduced={gather_axis})))


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    rows = np.ones((8, 4), np.float32)
    x = place(mesh, rows, P("data", "model"))
    log = []
    if jax.process_index() == 0:
        log.append(f"hosts={jax.process_count()}")
    with jax.set_mesh(mesh):
        out = step(mesh, "data" if jax.process_count() == 1 else "model")(x)
    if jax.process_index() == 0:
        log.append(str(out.shape))
    return out


if __name__ == "__main__":
    main()
