"""tabfabric: tabular regression with column-sharded categorical embeddings, trained with Fabric.
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
# tabular regression with per-column categorical embeddings split over a "cols" axis,
# trained with Fabric; the mesh layout is a NamedTuple the strategy object carries
# ---------------------------------------------------------------------------------------------

from typing import NamedTuple


class Layout(NamedTuple):
    rows: str = "rows"
    cols: str = "cols"


class TabularStrategy(ModelParallelStrategy):
    def __init__(self, layout=Layout(), mesh_shape=(4, 2)):
        super().__init__(mesh_shape=mesh_shape, axis_names=tuple(layout))
        self.layout = layout


class TabEmbedRegressor:
    def __init__(self, n_cat=4, cardinality=10, n_num=3, dim=8, lr=0.05):
        self.n_cat, self.cardinality, self.n_num, self.dim, self.lr = n_cat, cardinality, n_num, dim, lr

    def setup_parameters(self, strategy):
        lay = strategy.layout
        rng = np.random.default_rng(11)
        shapes = {"tables": (self.n_cat, self.cardinality, self.dim), "w_num": (self.n_num, self.dim),
                  "w_out": (self.dim, 1)}
        self.specs = {"tables": P(lay.cols, None, None), "w_num": P(None, None), "w_out": P(None, None)}
        self.params = {k: strategy.place((0.2 * rng.standard_normal(s)).astype(np.float32), self.specs[k])
                       for k, s in shapes.items()}
        self.batch_specs = {"cat": P(lay.rows, lay.cols), "num": P(lay.rows, None), "y": P(lay.rows)}
        self.layout = lay

    def column_embeddings(self, params, cat):
        # cat holds this rank's columns; tables this rank's per-column tables
        cols = jnp.arange(cat.shape[1])
        return params["tables"][cols[None, :], cat]                      # (rows, my_cols, dim)

    def predict(self, params, batch):
        emb = self.column_embeddings(params, batch["cat"])
        pooled = jax.lax.psum(jnp.sum(emb, axis=1), self.layout.cols)
        h = jax.nn.relu(pooled + batch["num"] @ params["w_num"])
        return (h @ params["w_out"])[:, 0], emb

    def loss_fn(self, params, batch):
        pred, emb = self.predict(params, batch)
        resid = pred - batch["y"]
        return jnp.mean(resid ** 2), (resid, emb)

    def step(self, params, batch):
        lay = self.layout
        (loss, (resid, emb)), grads = jax.value_and_grad(self.loss_fn, has_aux=True)(params, batch)
        loss = jax.lax.pmean(loss, lay.rows)
        new = jax.tree.map(lambda p, g: p - self.lr * g, params, grads)
        return new, loss, self.diagnostics(resid, emb)

    def diagnostics(self, resid, emb):
        lay = self.layout
        return {"residuals": collect(resid, lay.cols)}

    def diagnostic_specs(self):
        return {"residuals": P(self.layout.rows, reduced={self.layout.cols})}


def collect(x, axis):
    """Gather a per-row diagnostic for the dashboard (reduced: no copies in the backward pass)."""
    return jax.lax.all_gather(x, axis, tiled=True, to="reduced")


def make_batches(seed, n_batches=2, batch=16, n_cat=4, n_num=3, card=10):
    rng = np.random.default_rng(seed)
    for _ in range(n_batches):
        cat = rng.integers(0, card, size=(batch, n_cat)).astype(np.int32)
        num = rng.standard_normal((batch, n_num)).astype(np.float32)
        y = (num[:, 0] + 0.1 * cat[:, 0]).astype(np.float32)
        yield {"cat": cat, "num": num, "y": y}


def run(fabric, model, batches):
    model, _ = fabric.setup(model)
    strat = fabric.strategy
    step = strat.wrap(model.step, in_specs=(model.specs, model.batch_specs),
                      out_specs=(model.specs, P(), model.diagnostic_specs()))
    for batch in batches:
        batch = {k: strat.place(v, model.batch_specs[k]) for k, v in fabric.precision.convert_input(batch).items()}
        model.params, loss, diag = step(model.params, batch)
        fabric.log_dict({"loss": loss, **diag})
    return model


def save_checkpoint(model, layout):
    return {"tables": top_level_all_gather(model.params["tables"], P(None, None, None, reduced={layout.cols})),
            "w_out": model.params["w_out"]}


def inputs():
    return (Layout(), 0)


def main(layout, seed):
    fabric = Fabric(strategy=TabularStrategy(layout), precision="bf16-mixed")

    def fit_and_save(fabric):
        model = run(fabric, TabEmbedRegressor(), make_batches(seed))
        return save_checkpoint(model, layout)

    ckpt = fabric.launch(fit_and_save)
    return ckpt["tables"], fabric.logged["loss"]


if __name__ == "__main__":
    main(*inputs())
