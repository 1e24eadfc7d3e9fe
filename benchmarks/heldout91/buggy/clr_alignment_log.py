"""simclr-fabric: contrastive pretraining through fabric.launch / fabric.setup on a data x proj mesh.
"""
import functools
import inspect
import json

import jax
import jax.numpy as jnp
import numpy as np
import yaml
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


# ---------------------------------------------------------------------------------------------
# litekit: the small Lightning-like layer this repo carries instead of depending on lightning
# (LightningModule / LightningDataModule / Trainer / Strategy registry / LightningCLI / Fabric).
# ---------------------------------------------------------------------------------------------

class AttributeDict(dict):
    """hparams container: `self.hparams.lr` and `self.hparams["lr"]` both work."""

    def __getattr__(self, key):
        try:
            return self[key]
        except KeyError as exc:
            raise AttributeError(key) from exc

    def __setattr__(self, key, value):
        self[key] = value


class HyperparametersMixin:
    def save_hyperparameters(self, *, ignore=()):
        frame = inspect.currentframe().f_back
        init_args = inspect.getargvalues(frame)
        self._hparams = AttributeDict(
            {k: init_args.locals[k] for k in init_args.args[1:] if k not in ignore})
        self._hparams.update({k: v for k, v in init_args.locals.get(init_args.keywords or "", {}).items()})

    @property
    def hparams(self):
        if not hasattr(self, "_hparams"):
            self._hparams = AttributeDict()
        return self._hparams


class LightningModule(HyperparametersMixin):
    trainer = None

    @property
    def strategy(self):
        return self.trainer.strategy

    @property
    def device_mesh(self):
        return self.trainer.strategy.mesh

    def log(self, name, value, **kwargs):
        self.trainer.callback_metrics[name] = value

    # hooks (the Trainer calls them in its own order)
    def setup(self, stage):
        pass

    def configure_model(self):
        pass

    def configure_optimizers(self):
        return None

    def on_fit_end(self):
        pass

    def on_save_checkpoint(self, checkpoint):
        pass


class LightningDataModule(HyperparametersMixin):
    def prepare_data(self):
        pass

    def setup(self, stage):
        pass


class Callback:
    def setup(self, trainer, pl_module, stage):
        pass

    def on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx):
        pass

    def on_validation_batch_end(self, trainer, pl_module, outputs, batch, batch_idx):
        pass

    def on_fit_end(self, trainer, pl_module):
        pass


STRATEGY_REGISTRY = {}


def register_strategy(name):
    def deco(cls):
        STRATEGY_REGISTRY[name] = cls
        cls.strategy_name = name
        return cls
    return deco


class Strategy:
    """Owns the device mesh and the shard_map wrapping of the step functions."""

    axis_names = ("data",)
    mesh_shape = (8,)

    def __init__(self, mesh_shape=None, axis_names=None):
        if mesh_shape is not None:
            self.mesh_shape = tuple(mesh_shape)
        if axis_names is not None:
            self.axis_names = tuple(axis_names)
        self.mesh = None

    def setup_environment(self):
        self.mesh = jax.make_mesh(self.mesh_shape, self.axis_names)

    def place(self, x, spec):
        return jax.device_put(x, NamedSharding(self.mesh, spec))

    def batch_spec(self, ndim):
        return P(self.axis_names[0], *([None] * (ndim - 1)))

    def place_batch(self, batch):
        return jax.tree.map(lambda a: self.place(a, self.batch_spec(a.ndim)), batch)

    def wrap(self, fn, in_specs, out_specs):
        return jax.jit(jax.shard_map(fn, mesh=self.mesh, in_specs=in_specs, out_specs=out_specs))


@register_strategy("ddp")
class DDPStrategy(Strategy):
    axis_names = ("data",)
    mesh_shape = (8,)


@register_strategy("fsdp")
class FSDPStrategy(Strategy):
    axis_names = ("replicate", "shard")
    mesh_shape = (4, 2)

    @property
    def data_axes(self):
        return self.axis_names

    def batch_spec(self, ndim):
        return P(self.data_axes, *([None] * (ndim - 1)))

    @property
    def shard_axis(self):
        return self.axis_names[-1]


@register_strategy("tensor_parallel")
class ModelParallelStrategy(Strategy):
    axis_names = ("data", "tensor")
    mesh_shape = (4, 2)

    @property
    def dp_axis(self):
        return self.axis_names[0]

    @property
    def tp_axis(self):
        return self.axis_names[1]


def _resolve_strategy(strategy, **kwargs):
    if isinstance(strategy, Strategy):
        return strategy
    return STRATEGY_REGISTRY[strategy](**kwargs)


class Trainer:
    def __init__(self, strategy="ddp", callbacks=(), max_steps=1, precision="32-true", **strategy_kwargs):
        self.strategy = _resolve_strategy(strategy, **strategy_kwargs)
        self.callbacks = list(callbacks)
        self.max_steps = max_steps
        self.precision = PRECISION_PLUGINS[precision]()
        self.callback_metrics = {}
        self.global_step = 0

    def fit(self, model, datamodule):
        self.strategy.setup_environment()
        model.trainer = self
        self.lightning_module = model
        with jax.set_mesh(self.strategy.mesh):
            datamodule.prepare_data()
            datamodule.setup("fit")
            for cb in self.callbacks:
                cb.setup(self, model, "fit")
            model.setup("fit")
            model.configure_model()
            model.optimizer = model.configure_optimizers()
            for batch_idx, batch in enumerate(datamodule.train_dataloader()):
                if batch_idx >= self.max_steps:
                    break
                batch = self.strategy.place_batch(self.precision.convert_input(batch))
                outputs = model.training_step(batch, batch_idx)
                for cb in self.callbacks:
                    cb.on_train_batch_end(self, model, outputs, batch, batch_idx)
                self.global_step += 1
            for batch_idx, batch in enumerate(datamodule.val_dataloader()):
                batch = self.strategy.place_batch(self.precision.convert_input(batch))
                outputs = model.validation_step(batch, batch_idx)
                for cb in self.callbacks:
                    cb.on_validation_batch_end(self, model, outputs, batch, batch_idx)
            model.on_fit_end()
            for cb in self.callbacks:
                cb.on_fit_end(self, model)
        return self.callback_metrics

    def save_checkpoint(self, filepath):
        checkpoint = {"global_step": self.global_step, "filepath": filepath, "state_dict": {}}
        self.lightning_module.on_save_checkpoint(checkpoint)
        return checkpoint


class Precision:
    dtype = jnp.float32

    def convert_input(self, batch):
        return jax.tree.map(lambda a: a.astype(self.dtype) if a.dtype.kind == "f" else a, batch)


class HalfPrecision(Precision):
    dtype = jnp.bfloat16


PRECISION_PLUGINS = {"32-true": Precision, "bf16-mixed": Precision, "bf16-true": HalfPrecision}


class Fabric:
    """The lightweight alternative: fabric.launch(fn), fabric.setup(model, optimizer)."""

    def __init__(self, strategy="ddp", precision="32-true", **strategy_kwargs):
        self.strategy = _resolve_strategy(strategy, **strategy_kwargs)
        self.precision = PRECISION_PLUGINS[precision]()
        self.logged = {}

    def launch(self, fn, *args, **kwargs):
        self.strategy.setup_environment()
        with jax.set_mesh(self.strategy.mesh):
            return fn(self, *args, **kwargs)

    def setup(self, model, optimizer=None):
        model.fabric = self
        model.setup_parameters(self.strategy)
        return model, optimizer

    def log_dict(self, metrics):
        self.logged.update(metrics)


CLASS_REGISTRY = {}


def cli_class(cls):
    CLASS_REGISTRY[f"{cls.__module__}.{cls.__name__}".split(".")[-1]] = cls
    return cls


def instantiate_class(config):
    """jsonargparse style: {"class_path": "pkg.mod.Name", "init_args": {...}}, nested."""
    if isinstance(config, dict) and "class_path" in config:
        cls = CLASS_REGISTRY[config["class_path"].split(".")[-1]]
        kwargs = {k: instantiate_class(v) for k, v in config.get("init_args", {}).items()}
        return cls(**kwargs)
    if isinstance(config, list):
        return [instantiate_class(v) for v in config]
    return config


class LightningCLI:
    def __init__(self, config_text, args=()):
        config = yaml.safe_load(config_text)
        for arg in args:  # --trainer.strategy=fsdp style overrides
            key, value = arg.lstrip("-").split("=", 1)
            node = config
            *parents, leaf = key.split(".")
            for p in parents:
                node = node.setdefault(p, {})
            node[leaf] = yaml.safe_load(value)
        self.config = config
        self.model = instantiate_class(config["model"])
        self.datamodule = instantiate_class(config["data"])
        trainer_cfg = dict(config.get("trainer", {}))
        trainer_cfg["callbacks"] = instantiate_class(trainer_cfg.get("callbacks", []))
        self.trainer = Trainer(**trainer_cfg)

    def run(self):
        return self.trainer.fit(self.model, self.datamodule)


# ---------------------------------------------------------------------------------------------
# SimCLR-style contrastive pretraining with the Fabric API; the projection head is split over
# a "proj" mesh axis, the batch over "data" (a strategy registered by this project)
# ---------------------------------------------------------------------------------------------

import dataclasses


@register_strategy("ddp_proj")
class DDPProjStrategy(Strategy):
    axis_names = ("data", "proj")
    mesh_shape = (4, 2)


@dataclasses.dataclass(frozen=True)
class ContrastiveConfig:
    in_dim: int = 12
    hidden: int = 16
    embed_dim: int = 8
    bank_size: int = 16
    temperature: float = 0.2
    lr: float = 0.05
    data_axis: str = "data"
    proj_axis: str = "proj"
    log_axis: str = "data"

    @property
    def mesh_axes(self):
        return (self.data_axis, self.proj_axis)


class SimCLR:
    def __init__(self, cfg: ContrastiveConfig):
        self.cfg = cfg

    def setup_parameters(self, strategy):
        cfg = self.cfg
        self.specs = {
            "w_enc": P(None, None),
            "w_proj": P(None, cfg.proj_axis),
            "bank": P(cfg.mesh_axes, None),
        }
        rng = np.random.default_rng(7)
        shapes = {"w_enc": (cfg.in_dim, cfg.hidden), "w_proj": (cfg.hidden, cfg.embed_dim),
                  "bank": (cfg.bank_size, cfg.embed_dim)}
        self.params = {k: strategy.place((0.2 * rng.standard_normal(s)).astype(np.float32), self.specs[k])
                       for k, s in shapes.items()}
        view_spec = P(cfg.data_axis, None)
        self.metric_specs = {"alignment": self.pair_spec(cfg.log_axis)}
        self.step = strategy.wrap(self._step, in_specs=(self.specs, view_spec, view_spec),
                                  out_specs=(self.specs, P(), self.metric_specs))

    def pair_spec(self, axis):
        # one value per positive pair: split over data unless gathered over it
        return P(None if axis == self.cfg.data_axis else self.cfg.data_axis, reduced={axis})

    def project(self, params, x):
        h = jnp.tanh(x @ params["w_enc"])
        z = h @ params["w_proj"]                                   # embedding dim split over proj
        sq = jax.lax.psum(jnp.sum(z * z, axis=-1), self.cfg.proj_axis)
        return z * jax.lax.rsqrt(sq + 1e-6)[:, None]

    def nt_xent(self, params, v1, v2):
        cfg = self.cfg
        z1, z2 = self.project(params, v1), self.project(params, v2)
        z2_all = jax.lax.all_gather(z2, cfg.data_axis, tiled=True)   # negatives from every rank
        logits = jax.lax.psum(z1 @ z2_all.T, cfg.proj_axis) / cfg.temperature
        b = z1.shape[0]
        labels = jax.lax.axis_index(cfg.data_axis) * b + jnp.arange(b)
        logp = jax.nn.log_softmax(logits, axis=-1)
        loss = -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=1))
        return loss, (z1, z2)

    def metrics(self, z1, z2):
        cfg = self.cfg
        pos = jax.lax.psum(jnp.sum(z1 * z2, axis=-1), cfg.proj_axis)   # cosine of the positive pairs
        return {"alignment": jax.lax.all_gather(pos, cfg.log_axis, tiled=True, to="reduced")}

    def _step(self, params, v1, v2):
        cfg = self.cfg
        (loss, (z1, z2)), grads = jax.value_and_grad(self.nt_xent, has_aux=True)(params, v1, v2)
        loss = jax.lax.pmean(loss, cfg.data_axis)
        new = jax.tree.map(lambda p, g: p - cfg.lr * g, params, grads)
        return new, loss, self.metrics(z1, z2)


def augment(rng, x):
    return x + 0.1 * rng.standard_normal(x.shape).astype(np.float32)


def export_bank(params, cfg):
    """Saved for the kNN monitor: rows stay split over the data axis."""
    return top_level_all_gather(params["bank"], P(cfg.data_axis, None, reduced={cfg.proj_axis}))


def train(fabric, cfg, data):
    model, _ = fabric.setup(SimCLR(cfg))
    rng = np.random.default_rng(0)
    view_spec = P(cfg.data_axis, None)
    for step, x in enumerate(data):
        v1 = fabric.strategy.place(augment(rng, x), view_spec)
        v2 = fabric.strategy.place(augment(rng, x), view_spec)
        model.params, loss, metrics = model.step(model.params, v1, v2)
        fabric.log_dict({"loss": loss, **metrics})
    return loss, export_bank(model.params, cfg)


def inputs():
    rng = np.random.default_rng(1)
    data = [rng.standard_normal((16, 12)).astype(np.float32) for _ in range(2)]
    return (dataclasses.replace(ContrastiveConfig(), log_axis="proj"), data)


def main(cfg, data):
    fabric = Fabric(strategy="ddp_proj")
    return fabric.launch(train, cfg, data)


if __name__ == "__main__":
    main(*inputs())
