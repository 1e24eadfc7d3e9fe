"""Send the rebalance order list to the execution gateway, one block per book."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

ORDER_SPECS = {"target": P("books", "assets"), "delta": P("books", "assets")}
GATEWAY_SPEC = P("books", None)


def send_orders(orders, mesh):
    placed = jax.tree.map(lambda x, s: jax.device_put(x, NamedSharding(mesh, s)), orders, ORDER_SPECS,
                          is_leaf=lambda x: isinstance(x, P))
    with jax.set_mesh(mesh):
        return jax.tree.map(lambda x: top_level_all_gather(x, GATEWAY_SPEC), placed)


def inputs():
    target = np.linspace(0, 1, 8 * 16, dtype=np.float32).reshape(8, 16)
    return (target, target - 0.5)


def main(target, delta):
    mesh = jax.make_mesh((2, 4), ("books", "assets"))
    return send_orders({"target": target, "delta": delta}, mesh)


if __name__ == "__main__":
    print(main(*inputs()))
