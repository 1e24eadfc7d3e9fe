"""Meta-objective averaged over the tasks, differentiated for the outer update."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class MetaConfig:
    inner_lr: jax.Array
    inner_steps: int = dataclasses.field(default=2, metadata=dict(static=True))
    task_axis: str = dataclasses.field(default="tasks", metadata=dict(static=True))
    feature_axis: str = dataclasses.field(default="model", metadata=dict(static=True))

    @property
    def axes(self):
        return (self.task_axis, self.feature_axis)

    @property
    def param_specs(self):
        return {"w": P(self.feature_axis, None), "b": P()}

    @property
    def batch_specs(self):
        return (P(self.task_axis, None, self.feature_axis), P(self.task_axis, None, None))


def make_mesh(cfg):
    return jax.make_mesh((4, 2), cfg.axes)


def predict(cfg, params, x):
    with jax.named_scope("predict"):
        return jax.lax.psum(x @ params["w"], cfg.feature_axis) + params["b"]


def task_loss(cfg, params, x, y):
    return jnp.mean((predict(cfg, params, x) - y) ** 2)


def adapt(cfg, params, x, y):
    grad_fn = jax.grad(functools.partial(task_loss, cfg))
    for _ in range(cfg.inner_steps):
        grads = grad_fn(params, x, y)
        params = jax.tree.map(lambda p, g: p - cfg.inner_lr * g, params, grads)
    return params


def per_shard(cfg, params):
    return jax.tree.map(lambda p: jax.lax.pcast(p, cfg.task_axis, to="varying"), params)


def make_task_fn(cfg):
    """Returns the per-task inner loop: adapt on the support set, score on the query set."""
    def per_task(params, xs, ys, xq, yq):
        fast = adapt(cfg, params, xs, ys)
        return task_loss(cfg, fast, xq, yq), fast
    batched = jax.vmap(per_task, in_axes=(None, 0, 0, 0, 0))

    def run(params, *data):
        # every task shard adapts its own copy of the meta-parameters
        return batched(per_shard(cfg, params), *data)
    return run


def place(mesh, cfg, params, batch):
    params = {k: jax.device_put(v, NamedSharding(mesh, cfg.param_specs[k])) for k, v in params.items()}
    xs, ys = (jax.device_put(a, NamedSharding(mesh, s)) for a, s in zip(batch[:2], cfg.batch_specs))
    xq, yq = (jax.device_put(a, NamedSharding(mesh, s)) for a, s in zip(batch[2:], cfg.batch_specs))
    return params, (xs, ys, xq, yq)


def inputs():
    rng = np.random.default_rng(0)
    n_tasks, shots, d, k = 8, 5, 8, 3
    cfg = MetaConfig(inner_lr=np.float32(0.05))
    params = {"w": rng.normal(size=(d, k)).astype(np.float32) * 0.1, "b": np.zeros((k,), np.float32)}
    batch = tuple(rng.normal(size=s).astype(np.float32)
                  for s in [(n_tasks, shots, d), (n_tasks, shots, k)] * 2)
    return cfg, params, batch


def outer(cfg, params, xs, ys, xq, yq):
    losses, _ = make_task_fn(cfg)(params, xs, ys, xq, yq)
    return jax.lax.pmean(jnp.mean(losses), cfg.task_axis)


@jax.jit
def meta_step(cfg, params, batch):
    fn = jax.shard_map(functools.partial(outer, cfg), in_specs=(cfg.param_specs,) + cfg.batch_specs * 2, out_specs=P())
    return jax.value_and_grad(fn)(params, *batch)


def main(cfg, params, batch):
    mesh = make_mesh(cfg)
    with jax.set_mesh(mesh):
        params, batch = place(mesh, cfg, params, batch)
        return meta_step(cfg, params, batch)


if __name__ == "__main__":
    main(*inputs())
