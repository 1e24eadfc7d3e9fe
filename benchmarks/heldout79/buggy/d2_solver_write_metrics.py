import argparse
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
_C.SOLVER.MAX_ITER = 2
_C.SOLVER.WEIGHT_DECAY = 1e-4
_C.SOLVER.CLIP_GRADIENTS = CN()
_C.SOLVER.CLIP_GRADIENTS.ENABLED = False
_C.SOLVER.CLIP_GRADIENTS.CLIP_TYPE = "value"
_C.SOLVER.CLIP_GRADIENTS.CLIP_VALUE = 1.0
_C.SOLVER.AMP = CN()
_C.SOLVER.AMP.ENABLED = False
_C.SOLVER.AMP.INIT_SCALE = 1024.0
_C.OUTPUT_DIR = "./output"
_C.MESH = CN()
_C.MESH.SHAPE = (4, 2)
_C.MESH.AXIS_NAMES = ("dp", "mp")


def get_cfg():
    return _C.clone()


def default_argument_parser():
    parser = argparse.ArgumentParser(description="Detectron2-style training")
    parser.add_argument("--config-file", default="", metavar="FILE")
    parser.add_argument("--eval-only", action="store_true")
    parser.add_argument("--num-machines", type=int, default=1)
    parser.add_argument("opts", default=None, nargs=argparse.REMAINDER,
                        help="Modify config options at the end of the command, as KEY VALUE pairs")
    return parser


def setup(args):
    cfg = get_cfg()
    cfg.merge_from_list(args.opts)
    return cfg


class DefaultTrainer:
    def __init__(self, cfg, mesh, data):
        self.cfg, self.mesh, self.data = cfg, mesh, data
        self.data_axis, self.model_axis = mesh.axis_names
        self.weight_spec = P(None, self.model_axis)
        self.weight = self.build_model(cfg, mesh)
        self.metrics = []

    @classmethod
    def build_model(cls, cfg, mesh):
        w = np.linspace(-0.1, 0.1, 16 * 8, dtype=np.float32).reshape(16, 8)
        return jax.device_put(w, NamedSharding(mesh, P(None, mesh.axis_names[1])))

    def loss_and_grad(self, w, x, y):
        err = x @ w - y
        loss = jax.lax.psum(jnp.sum(err ** 2), self.model_axis) / x.shape[0]
        grad = jax.lax.pmean(2.0 * x.T @ err / x.shape[0], self.data_axis)
        return loss, grad

    def train(self):
        for _ in range(self.cfg.SOLVER.MAX_ITER):
            self.run_step()
        return self.metrics


def inputs():
    rng = np.random.default_rng(51)
    x = rng.normal(size=(32, 16)).astype(np.float32)
    y = rng.normal(size=(32, 8)).astype(np.float32)
    return x, y


def build_train_data(mesh, x, y):
    data_axis, model_axis = mesh.axis_names
    return (jax.device_put(x, NamedSharding(mesh, P(data_axis))),
            jax.device_put(y, NamedSharding(mesh, P(data_axis, model_axis))))


class Trainer(DefaultTrainer):
    def __init__(self, cfg, mesh, data):
        super().__init__(cfg, mesh, data)
        self.lr = cfg.SOLVER.BASE_LR
        per_worker = P(reduced={self.data_axis})
        self._step = jax.shard_map(
            self._train_step, mesh=mesh, in_specs=(self.weight_spec, P(self.data_axis), P(self.data_axis, self.model_axis)),
            out_specs=(self.weight_spec, {"total_loss": per_worker, "grad_norm": per_worker}))

    def _gather_metrics(self, metrics_dict):
        # comm.gather of every worker's metrics, as SimpleTrainer._write_metrics does
        return {k: jax.lax.all_gather(v, self.data_axis, to="reduced") for k, v in metrics_dict.items()}

    def _train_step(self, w, x, y):
        loss, grad = self.loss_and_grad(w, x, y)
        grad_norm = jnp.sqrt(jax.lax.psum(jnp.sum(grad ** 2), self.model_axis))
        metrics = {"total_loss": loss, "grad_norm": grad_norm}
        return w - self.lr * grad, self._gather_metrics(metrics)

    def run_step(self):
        self.weight, all_metrics = self._step(self.weight, *self.data)
        self.metrics.append({k: float(np.mean(np.asarray(v))) for k, v in all_metrics.items()})


def main(x, y):
    args = default_argument_parser().parse_args(["SOLVER.MAX_ITER", "2"])
    cfg = setup(args)
    mesh = jax.make_mesh(tuple(cfg.MESH.SHAPE), tuple(cfg.MESH.AXIS_NAMES))
    return Trainer(cfg, mesh, build_train_data(mesh, x, y)).train()


if __name__ == "__main__":
    print(main(*inputs()))
