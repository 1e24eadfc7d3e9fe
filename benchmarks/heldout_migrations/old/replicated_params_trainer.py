import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


def init_params():
    return {
        "w": np.linspace(-1.0, 1.0, 12, dtype=np.float32).reshape(4, 3),
        "b": np.zeros(3, np.float32),
    }


def forward(params, x):
    return jnp.tanh(x @ params["w"] + params["b"])


def local_update(params, x, t):
    def loss(p):
        return jnp.sum((forward(p, x) - t) ** 2)

    g = jax.grad(loss)(params)
    g = jax.lax.psum(g, "dev")
    return jax.tree_util.tree_map(lambda p, d: p - 0.01 * d, params, g)


def main():
    devs = jax.devices()
    mesh = Mesh(np.array(devs), ("dev",))
    params = jax.device_put_replicated(init_params(), devs)
    data = np.arange(8 * 2 * 4, dtype=np.float32).reshape(16, 4) / 32.0
    target = np.cos(data[:, :3])
    x = jax.device_put(data, NamedSharding(mesh, P("dev")))
    t = jax.device_put(target, NamedSharding(mesh, P("dev")))

    spec = {"w": P("dev"), "b": P("dev")}
    step = jax.jit(shard_map(
        lambda p, a, b: jax.tree_util.tree_map(lambda v: v[None], local_update(
            jax.tree_util.tree_map(lambda v: v[0], p), a, b)),
        mesh, in_specs=(spec, P("dev"), P("dev")), out_specs=spec))
    for _ in range(3):
        params = step(params, x, t)
    w0 = np.asarray(params["w"][0])
    print("w row sums", np.round(w0.sum(axis=1), 4).tolist())
    print("b", np.round(np.asarray(params["b"][0]), 4).tolist())
    print("copies agree", bool(np.allclose(params["w"][0], params["w"][7])))


if __name__ == "__main__":
    main()
