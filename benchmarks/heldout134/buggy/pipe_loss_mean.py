"""lingvo_lite/layers/pipeline/dp_pipeline_loss.py

Pipeline over 'stage' combined with data parallelism over 'data'. Only the last stage computes
a meaningful loss; it is broadcast to every stage with a masked psum over 'stage', and then
averaged over all mesh axes of the experiment to get the global mean loss.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

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


class MLPStage(BaseLayer):
  HPARAMS = dict(dims=0)

  def fprop(self, w, x):
    return jax.nn.relu(x @ w) + x


class LossHead(BaseLayer):
  HPARAMS = dict(stage_axis=None, mean_axes=())

  def fprop(self, out, target, is_last):
    local = jnp.mean((out - target) ** 2)
    loss = jax.lax.psum(jnp.where(is_last, local, 0.0), self.stage_axis)
    return jax.lax.pmean(loss, self.mean_axes)


class PipelineWithLoss(BaseLayer):
  HPARAMS = dict(num_stages=0, stage_tpl=None, head_tpl=None)

  def setup(self):
    self.create_child('stage', self.stage_tpl)
    stage_axis = self.weight_split_dims_mapping.stacked[0]
    self.create_child('head', self.head_tpl.clone(stage_axis=stage_axis))

  def fprop(self, mesh, ws, x, target):
    act = self.activation_split_dims_mapping
    axis = self.head.stage_axis
    shift = [(i, (i + 1) % self.num_stages) for i in range(self.num_stages)]

    def step(wb, xb, tb):
      for _ in range(self.num_stages):
        xb = jax.lax.ppermute(self.stage(wb[0], xb), axis, shift)
      is_last = jax.lax.axis_index(axis) == self.num_stages - 1
      return self.head(xb, tb, is_last)

    spec = split_spec(act.batch)
    return jax.shard_map(step, mesh=mesh,
                         in_specs=(split_spec(self.weight_split_dims_mapping.stacked), spec, spec),
                         out_specs=P())(ws, x, target)


@experiment_registry.register
class DPPipeline4x2(BaseExperiment):
  ICI_MESH_SHAPE = (4, 2)
  MESH_AXIS_NAMES = ('stage', 'data')

  def task(self):
    head = Config(LossHead, mean_axes=self.mesh_axis_names)
    return Config(PipelineWithLoss, num_stages=4, stage_tpl=Config(MLPStage, dims=4), head_tpl=head,
                  mesh_axis_names=self.mesh_axis_names,
                  weight_split_dims_mapping=SplitDims(stacked=('stage', None, None)),
                  activation_split_dims_mapping=SplitDims(batch=('data', None)))


def inputs():
  rng = np.random.default_rng(41)
  x = rng.standard_normal((4, 4)).astype(np.float32)
  return 'DPPipeline4x2', x, x * 0.5


def main(exp_name, x, target):
  exp = experiment_registry.get(exp_name)()
  mesh = exp.make_mesh()
  model = instantiate(exp.task())
  ws = place(mesh, np.stack([np.eye(4, dtype=np.float32) * 0.1] * 4), model.weight_split_dims_mapping.stacked)
  batch = model.activation_split_dims_mapping.batch
  x, target = place(mesh, x, batch), place(mesh, target, batch)
  with jax.set_mesh(mesh):
    loss = model.fprop(mesh, ws, x, target)
  print(float(loss))


if __name__ == '__main__':
  main(*inputs())
