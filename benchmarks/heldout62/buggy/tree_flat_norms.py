"""flatten_dict / unflatten_dict helpers and per-path parameter norms kept on every column shard."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def flatten_dict(tree, prefix=(), sep="/"):
    flat = {}
    for key, value in tree.items():
        path = prefix + (key,)
        if isinstance(value, dict):
            flat.update(flatten_dict(value, path, sep))
        else:
            flat[sep.join(path)] = value
    return flat


def unflatten_dict(flat, sep="/"):
    tree = {}
    for path, value in flat.items():
        *parents, leaf = path.split(sep)
        node = tree
        for p in parents:
            node = node.setdefault(p, {})
        node[leaf] = value
    return tree


def per_path_norms(flat, axis):
    return {path: jnp.sqrt(jax.lax.psum(jnp.sum(jnp.square(v)), axis)) for path, v in flat.items()}


def keep_on_every_shard(norms, axis):
    return {path: jax.lax.all_gather(n, axis, to="reduced") for path, n in norms.items()}


def param_norms(params, axis="cols"):
    flat = flatten_dict(params)
    return unflatten_dict(keep_on_every_shard(per_path_norms(flat, axis), axis))


def inputs():
    rng = np.random.default_rng(23)
    return {"encoder": {"kernel": rng.normal(size=(8, 8)).astype(np.float32)},
            "decoder": {"kernel": rng.normal(size=(8, 8)).astype(np.float32)}},


def main(params):
    mesh = jax.make_mesh((2, 4), ("rows", "cols"))
    spec = P("rows", "cols")
    params = jax.device_put(params, NamedSharding(mesh, spec))
    specs = jax.tree.map(lambda _: spec, params)
    norm_specs = jax.tree.map(lambda _: P("rows", reduced={"cols"}), params)
    return jax.shard_map(param_norms, mesh=mesh, in_specs=(specs,), out_specs=norm_specs)(params)


if __name__ == "__main__":
    main(*inputs())
