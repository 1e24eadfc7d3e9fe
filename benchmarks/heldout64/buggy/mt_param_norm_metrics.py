"""MaxText-like FSDP forward with the raw parameter norm written to the step metrics."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BASE_CONFIG = {
    "mesh_axes": ["fsdp", "tensor"],
    "ici_fsdp_parallelism": 4,
    "ici_tensor_parallelism": 2,
    "emb_dim": 8,
    "mlp_dim": 16,
    "global_batch_size": 8,
    "logical_axis_rules": {"batch": "fsdp", "embed": "fsdp", "mlp": None},
}


def get_config(**overrides):
    config = dict(BASE_CONFIG)
    config.update(overrides)
    return config


def l2norm_pytree(tree, axis_name):
    squares = [jax.lax.psum(jnp.sum(leaf * leaf), axis_name) for leaf in jax.tree_util.tree_leaves(tree)]
    return jnp.sqrt(sum(squares))


def mlp_block(config, params, x):
    fsdp = config["logical_axis_rules"]["embed"]
    full = jax.tree_util.tree_map(
        lambda w: jax.lax.all_gather(w, fsdp, axis=0, tiled=True, to="reduced"), params)
    h = jax.nn.relu(x @ full["wi"])
    y = h @ full["wo"].T
    metrics = {"learning/raw_param_norm": l2norm_pytree(full, fsdp)}
    return y, metrics


def inputs():
    rng = np.random.default_rng(2)
    config = get_config()
    params = {
        "wi": rng.standard_normal((config["emb_dim"], config["mlp_dim"])).astype(np.float32),
        "wo": rng.standard_normal((config["emb_dim"], config["mlp_dim"])).astype(np.float32),
    }
    x = rng.standard_normal((config["global_batch_size"], config["emb_dim"])).astype(np.float32)
    return config, params, x


def main(config, params, x):
    shape = [config[f"ici_{a}_parallelism"] for a in config["mesh_axes"]]
    mesh = jax.make_mesh(tuple(shape), tuple(config["mesh_axes"]))
    rules = config["logical_axis_rules"]
    pspec = P(rules["embed"], rules["mlp"])
    xspec = P(rules["batch"], None)
    params = {k: jax.device_put(v, NamedSharding(mesh, pspec)) for k, v in params.items()}
    x = jax.device_put(x, NamedSharding(mesh, xspec))
    step = jax.shard_map(functools.partial(mlp_block, config), mesh=mesh,
                         in_specs=({"wi": pspec, "wo": pspec}, xspec),
                         out_specs=(xspec, {"learning/raw_param_norm": P()}))
    return jax.jit(step)(params, x)


if __name__ == "__main__":
    main(*inputs())
