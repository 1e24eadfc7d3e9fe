"""lingvo_lite/checkpoints/ffn_export.py

Exports the tensor-parallel feed-forward weights of a Pax experiment to a host checkpoint. The
exporter regathers each weight with `top_level_all_gather`, using an export template whose
gathered axes come from the experiment's checkpoint settings.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

# ---------------------------------------------------------------------------------------------
# pax_lite: the few pieces of praxis/paxml this code base leans on (base_layer, pax_fiddle,
# experiment_registry), kept here so the layer file runs without the full stack.
# ---------------------------------------------------------------------------------------------
class Config:
  """A template: the layer class and its hyper-parameters; instantiated later."""

  def __init__(self, cls, **fields):
    object.__setattr__(self, 'cls', cls)
    object.__setattr__(self, 'fields', dict(fields))

  def __getattr__(self, name):
    fields = self.__dict__['fields']
    if name in fields:
      return fields[name]
    raise AttributeError(f'{self.cls.__name__} template has no field {name!r}')

  def __setattr__(self, name, value):
    self.fields[name] = value

  def clone(self, **overrides):
    fields = {k: v.clone() if isinstance(v, Config) else v for k, v in self.fields.items()}
    fields.update(overrides)
    return Config(self.cls, **fields)


def instantiate(cfg, **extra):
  if not isinstance(cfg, Config):
    return cfg
  fields = dict(cfg.fields)
  fields.update(extra)
  return cfg.cls(**fields)


class BaseLayer:
  """Hyper-parameters come from HPARAMS of every class in the MRO; children from templates."""
  HPARAMS = dict(name=None, mesh_axis_names=None, weight_split_dims_mapping=None,
                 activation_split_dims_mapping=None)

  def __init__(self, **fields):
    hparams = {}
    for klass in reversed(type(self).__mro__):
      hparams.update(getattr(klass, 'HPARAMS', {}))
    unknown = set(fields) - set(hparams)
    if unknown:
      raise TypeError(f'{type(self).__name__}: unknown hparams {sorted(unknown)}')
    hparams.update(fields)
    for key, value in hparams.items():
      setattr(self, key, value)
    self.children = {}
    self.setup()

  def setup(self):
    pass

  def create_child(self, name, cfg):
    extra = {'name': name}
    if cfg.fields.get('mesh_axis_names') is None:
      extra['mesh_axis_names'] = self.mesh_axis_names
    child = instantiate(cfg, **extra)
    self.children[name] = child
    setattr(self, name, child)
    return child

  def fprop(self, *args, **kwargs):
    raise NotImplementedError(type(self).__name__)

  def __call__(self, *args, **kwargs):
    return self.fprop(*args, **kwargs)


class SplitDims:
  """Nested sharding hparams: weight_split_dims_mapping.wi = (None, 'mdl')."""

  def __init__(self, **mappings):
    self.__dict__.update(mappings)


def split_spec(mapping):
  """('replica', 'mdl') -> P('replica', 'mdl'); None -> fully replicated."""
  return P() if mapping is None else P(*mapping)


class _ExperimentRegistry:

  def __init__(self):
    self._experiments = {}

  def register(self, cls=None, *, name=None):
    def wrap(klass):
      self._experiments[name or klass.__name__] = klass
      return klass
    return wrap if cls is None else wrap(cls)

  def get(self, name):
    return self._experiments[name]


experiment_registry = _ExperimentRegistry()


class BaseExperiment:
  ICI_MESH_SHAPE = (8,)
  MESH_AXIS_NAMES = ('replica',)

  @property
  def ici_mesh_shape(self):
    return self.ICI_MESH_SHAPE

  @property
  def mesh_axis_names(self):
    return self.MESH_AXIS_NAMES

  def make_mesh(self):
    return jax.make_mesh(tuple(self.ici_mesh_shape), tuple(self.mesh_axis_names))

  def task(self):
    raise NotImplementedError


def place(mesh, x, mapping):
  return jax.device_put(x, NamedSharding(mesh, split_spec(mapping)))
# ------------------------------------------------------------------------------ end pax_lite --


class FeedForward(BaseLayer):
  HPARAMS = dict(input_dims=0, hidden_dims=0)

  def init(self, key):
    k1, k2 = jax.random.split(key)
    return {'wi': jax.random.normal(k1, (self.input_dims, self.hidden_dims)) * 0.05,
            'wo': jax.random.normal(k2, (self.hidden_dims, self.input_dims)) * 0.05}

  def fprop(self, mesh, theta, x):
    wt = self.weight_split_dims_mapping

    def body(xb, wi, wo):
      return jax.lax.psum(jax.nn.relu(xb @ wi) @ wo, 'mdl')

    return jax.shard_map(body, mesh=mesh,
                         in_specs=(P('replica', None), split_spec(wt.wi), split_spec(wt.wo)),
                         out_specs=P('replica', None))(x, theta['wi'], theta['wo'])


class CheckpointExporter(BaseLayer):
  HPARAMS = dict(gather_axes=('replica',), layout=None)

  def export_spec(self, mapping):
    gathered = {a for a in mapping if a is not None and a in self.gather_axes}
    return P(*(None for _ in mapping), reduced=gathered)

  def fprop(self, theta):
    out = {}
    for key, value in theta.items():
      mapping = getattr(self.layout, key)
      out[key] = top_level_all_gather(value, self.export_spec(mapping))
    return out


@experiment_registry.register
class FFNExport(BaseExperiment):
  ICI_MESH_SHAPE = (2, 4)
  MESH_AXIS_NAMES = ('replica', 'mdl')
  CKPT_GATHER_AXES = ('replica',)

  def task(self):
    wt = SplitDims(wi=(None, 'mdl'), wo=('mdl', None))
    model = Config(FeedForward, input_dims=8, hidden_dims=16, weight_split_dims_mapping=wt,
                   mesh_axis_names=self.mesh_axis_names)
    exporter = Config(CheckpointExporter, gather_axes=self.CKPT_GATHER_AXES, layout=wt)
    return model, exporter


def write_checkpoint(tree, step):
  return {f'step_{step}/{k}': np.asarray(v).astype(np.float32) for k, v in tree.items()}


def inputs():
  return 'FFNExport', 100


def main(exp_name, step):
  exp = experiment_registry.get(exp_name)()
  mesh = exp.make_mesh()
  model_cfg, export_cfg = exp.task()
  model = instantiate(model_cfg)
  exporter = instantiate(export_cfg)
  wt = model.weight_split_dims_mapping
  raw = model.init(jax.random.PRNGKey(7))
  theta = {k: place(mesh, v, getattr(wt, k)) for k, v in raw.items()}
  x = place(mesh, np.ones((8, 8), np.float32), ('replica', None))
  with jax.set_mesh(mesh):
    y = model.fprop(mesh, theta, x)
    host = exporter.fprop(theta)
  ckpt = write_checkpoint(host, step)
  print(float(jnp.sum(y)), sorted(ckpt))


if __name__ == '__main__':
  main(*inputs())
