"""A pasted Hydra-like `instantiate` resolves `_target_` texts with `getattr(importlib.
import_module(module), attr)` and `globals()[name]`, but no code of this script calls it: run as a
program, only the `__main__` block reaches the module's functions, so the cell of `make_reducer`
stays what the maker put there."""
import concurrent.futures
import importlib

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def _locate(path):
    if "." not in path:
        return globals()[path]
    module, _, attr = path.rpartition(".")
    return getattr(importlib.import_module(module), attr)


def instantiate(node):
    if not isinstance(node, dict) or "_target_" not in node:
        return node
    params = {k: instantiate(v) for k, v in node.items() if k != "_target_"}
    return _locate(node["_target_"])(**params)


def make_reducer():
    state = {"axes": ("data", "model")}

    def reduce(block):
        return jax.lax.psum(block, state["axes"])  # SF105

    return reduce


def rows_checked(rows):
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        future = pool.submit(int, rows)
        if future.exception() is not None:
            raise SystemExit("bad rows")
        return future.result()


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(rows_checked(8), 8), NamedSharding(mesh, P("data")))
    reduce = make_reducer()
    return jax.shard_map(reduce, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    main()
