"""Resume from a checkpoint and log the global gradient norm of the first step."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PARAM_SPECS = {
    "encoder/w": P("fsdp", "tensor"),
    "encoder/b": P("tensor"),
}


def loss_fn(params, x, fsdp_axis="fsdp"):
    h = jax.nn.relu(jax.lax.psum(x @ params["encoder/w"], fsdp_axis) + params["encoder/b"])
    return jnp.mean(h ** 2)


def global_norm(tree, axes):
    leaves = jax.tree.leaves(jax.tree.map(lambda g: jax.lax.psum(jnp.sum(g * g), axes), tree))
    return jnp.sqrt(sum(leaves))


def make_grad_step(mesh_axes):
    def grad_step(params, x):
        grads = jax.grad(lambda p: loss_fn(p, x))(params)
        return global_norm(grads, mesh_axes)
    return grad_step


def inputs():
    rng = np.random.default_rng(54)
    params = {"encoder/w": rng.normal(size=(8, 8)).astype(np.float32),
              "encoder/b": np.zeros((8,), np.float32)}
    return params, rng.normal(size=(4, 8)).astype(np.float32)


def main(params, x):
    mesh = jax.make_mesh((4, 2), ("fsdp", "tensor"))
    params = {k: jax.device_put(v, NamedSharding(mesh, PARAM_SPECS[k])) for k, v in params.items()}
    x = jax.device_put(x, NamedSharding(mesh, P(None, "fsdp")))
    fn = jax.shard_map(make_grad_step(mesh.axis_names), mesh=mesh,
                       in_specs=(PARAM_SPECS, P(None, "fsdp")), out_specs=P())
    return jax.jit(fn)(params, x)


if __name__ == "__main__":
    print(main(*inputs()))
