"""Column blocks picked by integer lists (`R[:, cols]`, a routing table of columns and reduce
axes) are scored per block; each block's error is pmeaned over 'rows' only, the axis its rows are
sharded over (the clean near-miss)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ROUTES = {"left": ([0, 1, 2], "rows"), "right": ([3, 4, 5], ("rows",))}


def block_errors(R, routes):
    mesh = jax.make_mesh((4, 2), ("rows", "cols"))
    errors = {}
    for name, (cols, axes) in routes.items():
        Rs = jax.device_put(R[:, cols], NamedSharding(mesh, P("rows", None)))

        def body(rb):
            return jax.lax.pmean(jnp.sum(rb * rb), axes)  # none

        errors[name] = jax.shard_map(body, mesh=mesh, in_specs=P("rows", None), out_specs=P())(Rs)
    return errors


def main():
    R = np.random.default_rng(4).normal(size=(16, 6)).astype(np.float32)
    return block_errors(R, ROUTES)


if __name__ == "__main__":
    main()
