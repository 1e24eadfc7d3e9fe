"""nertagger: a named-entity tagger with vocab- and tag-parallel layers, axis names as class attributes.
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
# named-entity tagger: vocab-parallel embedding and a tag-parallel output layer on a
# ("batch", "model") mesh; axis names are class attributes of the LightningModule
# ---------------------------------------------------------------------------------------------

class CoNLLDataModule(LightningDataModule):
    def __init__(self, batch_size=8, seq_len=6, vocab_size=64, num_tags=8, seed=0):
        super().__init__()
        self.save_hyperparameters()

    def setup(self, stage):
        hp = self.hparams
        rng = np.random.default_rng(hp.seed)
        n = hp.batch_size * 3
        self.tokens = rng.integers(1, hp.vocab_size, size=(n, hp.seq_len)).astype(np.int32)
        self.tags = rng.integers(0, hp.num_tags, size=(n, hp.seq_len)).astype(np.int32)
        lengths = rng.integers(2, hp.seq_len + 1, size=n)
        self.mask = (np.arange(hp.seq_len)[None, :] < lengths[:, None]).astype(np.float32)

    def _batches(self, start, count):
        bs = self.hparams.batch_size
        for i in range(start, start + count):
            sl = slice(i * bs, (i + 1) * bs)
            yield {"tokens": self.tokens[sl], "tags": self.tags[sl], "mask": self.mask[sl]}

    def train_dataloader(self):
        return self._batches(0, 2)

    def val_dataloader(self):
        return self._batches(2, 1)


class BertTagger(LightningModule):
    BATCH_AXIS = "batch"
    MODEL_AXIS = "model"
    METRIC_AXIS = "batch"
    PARAM_SPECS = {
        "embed": P("model", None),     # vocab rows split over model
        "w_h": P(None, None),
        "w_tag": P(None, "model"),     # tag columns split over model
    }
    EXPORT_SPECS = {
        "embed": P(None, None, reduced={"model"}),
        "w_tag": P(None, None, reduced={"model"}),
    }

    def __init__(self, vocab_size=64, dim=16, num_tags=8, lr=0.1):
        super().__init__()
        self.save_hyperparameters()

    def configure_model(self):
        hp = self.hparams
        rng = np.random.default_rng(5)
        shapes = {"embed": (hp.vocab_size, hp.dim), "w_h": (hp.dim, hp.dim), "w_tag": (hp.dim, hp.num_tags)}
        self.params = {k: self.strategy.place((0.3 * rng.standard_normal(s)).astype(np.float32), self.PARAM_SPECS[k])
                       for k, s in shapes.items()}
        b = self.BATCH_AXIS
        self.batch_specs = {"tokens": P(b, None), "tags": P(b, None), "mask": P(b, None)}
        self._train = self.strategy.wrap(self._train_step, in_specs=(self.PARAM_SPECS, self.batch_specs),
                                         out_specs=(self.PARAM_SPECS, P()))
        self._val = self.strategy.wrap(self._val_step, in_specs=(self.PARAM_SPECS, self.batch_specs),
                                       out_specs=self.val_out_specs())

    def val_out_specs(self):
        b, axis = self.BATCH_AXIS, self.METRIC_AXIS
        return {"token_acc": P(), "seq_acc": P(None if axis == b else b, reduced={axis}), "n_tokens": P()}

    def embed(self, params, tokens):
        m = self.MODEL_AXIS
        rows = params["embed"].shape[0]
        local = tokens - jax.lax.axis_index(m) * rows
        hit = (local >= 0) & (local < rows)
        e = jnp.where(hit[..., None], params["embed"][jnp.clip(local, 0, rows - 1)], 0.0)
        return jax.lax.psum(e, m)

    def tag_logits(self, params, tokens):
        h = jnp.tanh(self.embed(params, tokens) @ params["w_h"])
        return h @ params["w_tag"]                                   # this rank's tag columns

    def full_logits(self, params, tokens):
        shard = self.tag_logits(params, tokens)
        return jax.lax.all_gather(shard, self.MODEL_AXIS, axis=-1, tiled=True, to="invarying")

    def loss_fn(self, params, batch):
        logp = jax.nn.log_softmax(self.full_logits(params, batch["tokens"]), axis=-1)
        nll = -jnp.take_along_axis(logp, batch["tags"][..., None], axis=-1)[..., 0]
        return jnp.sum(nll * batch["mask"]) / jnp.maximum(jnp.sum(batch["mask"]), 1.0)

    def _train_step(self, params, batch):
        loss, grads = jax.value_and_grad(self.loss_fn)(params, batch)
        loss = jax.lax.pmean(loss, self.BATCH_AXIS)
        new = jax.tree.map(lambda p, g: p - self.hparams.lr * g, params, grads)
        return new, loss

    def _val_step(self, params, batch):
        mask = batch["mask"]
        preds = jnp.argmax(self.full_logits(params, batch["tokens"]), axis=-1)
        hits = (preds == batch["tags"]).astype(jnp.float32) * mask
        token_acc = jax.lax.psum(jnp.sum(hits), self.BATCH_AXIS) / jax.lax.psum(jnp.sum(mask), self.BATCH_AXIS)
        per_seq = jnp.sum(hits, axis=-1) / jnp.maximum(jnp.sum(mask, axis=-1), 1.0)
        seq_acc = jax.lax.all_gather(per_seq, self.METRIC_AXIS, tiled=True, to="reduced")
        n_tokens = jax.lax.psum(jnp.sum(mask), self.BATCH_AXIS)
        return {"token_acc": token_acc, "seq_acc": seq_acc, "n_tokens": n_tokens}

    def training_step(self, batch, batch_idx):
        self.params, loss = self._train(self.params, batch)
        self.log("train_loss", loss)
        return loss

    def validation_step(self, batch, batch_idx):
        out = self._val(self.params, batch)
        self.log("val_token_acc", out["token_acc"])
        return out

    def on_fit_end(self):
        self.exported = {name: top_level_all_gather(self.params[name], spec)
                         for name, spec in self.EXPORT_SPECS.items()}


class MultilingualTagger(BertTagger):
    """Same model with a larger shared vocabulary."""

    def __init__(self, vocab_size=64, dim=16, num_tags=8, lr=0.05):
        super().__init__(vocab_size=vocab_size, dim=dim, num_tags=num_tags, lr=lr)


def inputs():
    return (MultilingualTagger, dict(batch_size=8))


def main(model_cls, data_kwargs):
    trainer = Trainer(strategy="tensor_parallel", mesh_shape=(2, 4), axis_names=("batch", "model"), max_steps=2)
    model = model_cls()
    metrics = trainer.fit(model, CoNLLDataModule(**data_kwargs))
    return metrics["val_token_acc"], model.exported["embed"]


if __name__ == "__main__":
    main(*inputs())
