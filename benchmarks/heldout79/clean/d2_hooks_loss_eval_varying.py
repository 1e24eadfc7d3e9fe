import ast
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


# Stand-ins for detectron2.config.CfgNode and detectron2.utils.registry.Registry, so the
# script runs without detectron2 installed.
class CfgNode(dict):
    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError as exc:
            raise AttributeError(name) from exc

    def __setattr__(self, name, value):
        self[name] = value

    def clone(self):
        return CfgNode({k: v.clone() if isinstance(v, CfgNode) else v for k, v in self.items()})

    def merge_from_list(self, opts):
        assert len(opts) % 2 == 0, "override list must be KEY VALUE pairs"
        for full_key, raw in zip(opts[0::2], opts[1::2]):
            *parents, leaf = full_key.split(".")
            node = self
            for key in parents:
                node = node[key]
            try:
                value = ast.literal_eval(raw)
            except (ValueError, SyntaxError):
                value = raw
            node[leaf] = value


CN = CfgNode


class Registry:
    def __init__(self, name):
        self._name = name
        self._obj_map = {}

    def register(self, obj=None):
        if obj is None:
            def deco(func_or_class):
                self._obj_map[func_or_class.__name__] = func_or_class
                return func_or_class
            return deco
        self._obj_map[obj.__name__] = obj
        return obj

    def get(self, name):
        if name not in self._obj_map:
            raise KeyError(f"No object named '{name}' found in '{self._name}' registry!")
        return self._obj_map[name]


_C = CN()
_C.SOLVER = CN()
_C.SOLVER.BASE_LR = 0.05
_C.SOLVER.MAX_ITER = 3
_C.SOLVER.CHECKPOINT_PERIOD = 2
_C.TEST = CN()
_C.TEST.EVAL_PERIOD = 2
_C.MESH = CN()
_C.MESH.SHAPE = (4, 2)
_C.MESH.AXIS_NAMES = ("data", "model")


def get_cfg():
    return _C.clone()


class EventStorage:
    def __init__(self, start_iter=0):
        self.iter = start_iter
        self._history = {}

    def put_scalar(self, name, value):
        self._history.setdefault(name, []).append((self.iter, value))

    def put_scalars(self, **kwargs):
        for name, value in kwargs.items():
            self.put_scalar(name, value)

    def latest(self):
        return {name: values[-1][1] for name, values in self._history.items()}


class HookBase:
    trainer = None

    def before_train(self):
        pass

    def after_train(self):
        pass

    def before_step(self):
        pass

    def after_step(self):
        pass


class TrainerBase:
    def __init__(self):
        self._hooks = []
        self.iter = 0
        self.storage = None

    def register_hooks(self, hooks):
        for h in hooks:
            if h is not None:
                h.trainer = self
                self._hooks.append(h)

    def train(self, start_iter, max_iter):
        self.storage = EventStorage(start_iter)
        for h in self._hooks:
            h.before_train()
        for self.iter in range(start_iter, max_iter):
            self.storage.iter = self.iter
            for h in self._hooks:
                h.before_step()
            self.run_step()
            for h in self._hooks:
                h.after_step()
        for h in self._hooks:
            h.after_train()
        return self.storage


class SimpleTrainer(TrainerBase):
    """A linear model trained data-parallel over the first mesh axis, column-sharded over the second."""

    def __init__(self, cfg, mesh, weight, data):
        super().__init__()
        self.cfg, self.mesh = cfg, mesh
        self.data_axis, self.model_axis = mesh.axis_names
        self.weight_spec = P(None, self.model_axis)
        self.weight = jax.device_put(weight, NamedSharding(mesh, self.weight_spec))
        self.data = data
        self.lr = cfg.SOLVER.BASE_LR
        self._step = jax.shard_map(
            self._sgd_step, mesh=mesh, in_specs=(self.weight_spec, P(self.data_axis), P(self.data_axis, self.model_axis)),
            out_specs=(self.weight_spec, self.weight_spec, P()))

    def _sgd_step(self, w, x, y):
        err = x @ w - y
        grad = jax.lax.pmean(x.T @ err / x.shape[0], self.data_axis)
        loss = jax.lax.pmean(jnp.mean(err ** 2), (self.data_axis, self.model_axis))
        return w - self.lr * grad, grad, loss

    def run_step(self):
        self.weight, self.last_grad, loss = self._step(self.weight, *self.data)
        self.storage.put_scalar("total_loss", float(loss))


def reduce_dict(input_dict, axis_name, average=True):
    # detectron2.utils.comm.reduce_dict: the same losses on every worker
    op = jax.lax.pmean if average else jax.lax.psum
    return {k: op(v, axis_name) for k, v in sorted(input_dict.items())}


class LossEvalHook(HookBase):
    def __init__(self, eval_period, mesh):
        self._period = eval_period
        self.data_axis, self.model_axis = mesh.axis_names
        specs = (P(None, self.model_axis), P(self.data_axis), P(self.data_axis, self.model_axis))
        self._eval = jax.shard_map(self._eval_losses, mesh=mesh, in_specs=specs,
                                   out_specs={"val_loss": P(), "val_loss_max": P()})

    def _eval_losses(self, w, x, y):
        err = (x @ w - y) ** 2
        per_sample = jax.lax.psum(err.mean(axis=1), self.model_axis)
        all_samples = jax.lax.all_gather(per_sample, self.data_axis, tiled=True, to="reduced")
        losses = {
            "val_loss": per_sample.mean(),
            "val_loss_max": all_samples.max(),
        }
        return reduce_dict(losses, self.data_axis)

    def after_step(self):
        next_iter = self.trainer.iter + 1
        if next_iter % self._period == 0:
            losses = self._eval(self.trainer.weight, *self.trainer.data)
            self.trainer.storage.put_scalars(**{k: float(v) for k, v in losses.items()})


class Trainer(SimpleTrainer):
    def build_hooks(self):
        return [LossEvalHook(self.cfg.TEST.EVAL_PERIOD, self.mesh)]


def inputs():
    rng = np.random.default_rng(7)
    x = rng.normal(size=(32, 16)).astype(np.float32)
    y = rng.normal(size=(32, 8)).astype(np.float32)
    w = rng.normal(size=(16, 8)).astype(np.float32) * 0.1
    return x, y, w


def main(x, y, w):
    cfg = get_cfg()
    mesh = jax.make_mesh(tuple(cfg.MESH.SHAPE), tuple(cfg.MESH.AXIS_NAMES))
    data = (jax.device_put(x, NamedSharding(mesh, P("data"))), jax.device_put(y, NamedSharding(mesh, P("data", "model"))))
    trainer = Trainer(cfg, mesh, w, data)
    trainer.register_hooks(trainer.build_hooks())
    return trainer.train(0, cfg.SOLVER.MAX_ITER).latest()


if __name__ == "__main__":
    print(main(*inputs()))
