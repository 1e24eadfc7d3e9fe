"""A launcher run by hand on one host: `jax.process_count()` is 1 and `jax.process_index()` 0, so
the batch is placed by `device_put`, the loss is summed over the hosts' data shards before it is
logged, and process 0 writes the log. The loss summed over "data" no longer varies there:
gathering it to reduced raises."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def place(mesh, rows, spec):
    if jax.process_count() == 1:
        return jax.device_put(rows, NamedSharding(mesh, spec))
    return jax.make_array_from_process_local_data(NamedSharding(mesh, spec), rows)


def step(mesh, summed):
    def body(x):
        loss = jnp.sum(x * x)
        if summed:
            loss = jax.lax.psum(loss, "data")
        return jax.lax.all_gather(loss, "data", to="reduced")  # SF101

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P(None, reduced={"data"})))


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    rows = np.ones((8, 4), np.float32)
    x = place(mesh, rows, P("data", None))
    log = []
    if jax.process_index() == 0:
        log.append(f"hosts={jax.process_count()}")
    with jax.set_mesh(mesh):
        out = step(mesh, jax.process_count() == 1)(x)
    if jax.process_index() == 0:
        log.append(str(out.shape))
    return out


if __name__ == "__main__":
    main()
