"""Row-wise Adagrad for a row-sharded embedding table, with a full optimizer-state checkpoint."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class RowWiseAdagrad:
    def __init__(self, lr=0.05, eps=1e-8, row_axis="row", table_axis="table"):
        self.lr, self.eps = lr, eps
        self.row_axis, self.table_axis = row_axis, table_axis

    def update(self, table, grad, acc):
        acc = acc + jnp.mean(grad * grad, axis=-1)
        table = table - self.lr * grad / (jnp.sqrt(acc)[..., None] + self.eps)
        return table, acc

    def state_dict(self, acc):
        per_table = jax.lax.all_gather(acc, self.row_axis, axis=1, tiled=True, to="reduced")
        return {"acc": jax.lax.all_gather(per_table, (self.table_axis, self.row_axis), tiled=True, to="reduced")}


def train_step(table, grad, acc, opt=RowWiseAdagrad()):
    table, acc = opt.update(table, grad, acc)
    return table, opt.state_dict(acc)


def inputs():
    rng = np.random.default_rng(61)
    table = rng.normal(size=(2, 32, 4)).astype(np.float32)
    grad = rng.normal(size=(2, 32, 4)).astype(np.float32)
    return table, grad, np.zeros((2, 32), np.float32)


def main(table, grad, acc):
    mesh = jax.make_mesh((2, 4), ("table", "row"))
    tspec, aspec = P("table", "row", None), P("table", "row")
    table = jax.device_put(table, NamedSharding(mesh, tspec))
    grad = jax.device_put(grad, NamedSharding(mesh, tspec))
    acc = jax.device_put(acc, NamedSharding(mesh, aspec))
    fn = jax.shard_map(train_step, mesh=mesh, in_specs=(tspec, tspec, aspec),
                       out_specs=(tspec, {"acc": P(reduced={"table", "row"})}))
    return fn(table, grad, acc)


if __name__ == "__main__":
    print(main(*inputs()))
